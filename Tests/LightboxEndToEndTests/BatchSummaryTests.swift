import Foundation
import Testing

/// `lightbox batch` ends as the other commands do, with its counts as the last line of stderr,
/// so an operator reading its log knows why it exited 1: `2 done, 2 failed`; with
/// `--max-failures`, the budget's note on that same line, never a second one; `--quiet`, none.
@Suite(.processes) struct BatchSummaryTests {
    /// Runs a batch with `arguments` over two jobs done, one whose input is missing and one bad
    /// line, and returns its exit status and stderr.
    static func run(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let scratch = try Scratch()
        _ = try scratch.copy(RootConfinementTests.pattern, as: "p.png")
        let client = try BatchClient(["--jobs", "1"] + arguments, in: scratch)
        try client.send(RootConfinementTests.crop("one", "p.png", "one.png"))
        try client.send(RootConfinementTests.crop("gone", "gone.png", "gone-crop.png"))
        try client.send(line: #"{"id": "bad", "command": "nope"}"#)
        try client.send(RootConfinementTests.crop("two", "p.png", "two.png"))
        // A bad line is answered as soon as it is read, maybe before the job ahead of it.
        let answers = try (0..<4).map { _ in try client.answer() }
        let statuses = Dictionary(
            uniqueKeysWithValues: answers.map { (BatchClient.text($0["id"]), BatchClient.text($0["status"])) })
        #expect(statuses == ["one": "done", "gone": "failed", "bad": "failed", "two": "done"])
        let end = try client.finish()
        return (end.status, end.stderr)
    }

    /// (the options, the exit status, the one line on stderr): counts alone without a budget,
    /// the budget's note after them with one.
    @Test(arguments: [
        ([String](), Int32(1), "2 done, 2 failed"),
        (["--max-failures", "2"], Int32(0), "2 done, 2 failed (within --max-failures 2: exit 0)"),
        (["--max-failures", "25%"], Int32(1), "2 done, 2 failed (more than --max-failures 25% allows: exit 1)"),
    ])
    func theLastLineOfStderrCountsTheJobs(arguments: [String], status: Int32, summary: String) throws {
        let (code, stderr) = try Self.run(arguments)
        #expect(code == status, "\(stderr)")
        #expect(stderr == summary + "\n", "\(stderr)")
    }

    /// A batch whose jobs were all done says so too, and exits 0.
    @Test func aBatchWithNoFailureSaysSo() throws {
        let scratch = try Scratch()
        _ = try scratch.copy(RootConfinementTests.pattern, as: "p.png")
        let client = try BatchClient(["--jobs", "2"], in: scratch)
        for index in 0..<3 { try client.send(RootConfinementTests.crop("\(index)", "p.png", "c\(index).png")) }
        for _ in 0..<3 { #expect(BatchClient.text(try client.answer()["status"]) == "done") }
        let end = try client.finish()
        #expect(end.status == 0)
        #expect(end.stderr == "3 done, 0 failed\n", "\(end.stderr)")
    }

    /// `--quiet` prints no summary, as in `crop`, `view` and `board`: the exit code is unchanged,
    /// and each job's answer still says how it went.
    @Test(arguments: [([String](), Int32(1)), (["--max-failures", "2"], Int32(0))])
    func quietPrintsNoSummary(arguments: [String], status: Int32) throws {
        let (code, stderr) = try Self.run(["--quiet"] + arguments)
        #expect(code == status, "\(stderr)")
        #expect(stderr.isEmpty, "\(stderr)")
    }
}
