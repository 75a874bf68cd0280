import Foundation
import Testing

/// The rect numbers of every record (`--json`, `--report`, batch answers) are those a dry run
/// prints: at 6 significant digits, without the noise of arithmetic; pixels stay whole.
@Suite(.processes) struct RecordNumberTests {
    static let pattern = CommandRunner.fixtures.appendingPathComponent("pattern.png")
    /// The rect a `0.7,0.7,0.4,0.4` crop is clipped to, as a dry run prints it.
    static let clipped = #""rect":{"x":0.7,"y":0.7,"width":0.3,"height":0.3}"#

    /// The `"rect":{...}` part of a record line.
    static func rect(of line: String) -> String? {
        line.range(of: #""rect":\{[^}]*\}"#, options: .regularExpression).map { String(line[$0]) }
    }

    @Test func jsonAndReportGiveTheDryRunsRect() throws {
        let scratch = try Scratch()
        let input = try scratch.copy(Self.pattern, as: "p.png")
        let crop = ["crop", input, "--rect", "0.7,0.7,0.4,0.4"]
        let planned = try CommandRunner.run(crop + ["-o", scratch.path("a.png"), "--dry-run"])
        let done = try CommandRunner.run(
            crop + ["-o", scratch.path("b.png"), "--json", "--report", scratch.path("r.jsonl")])
        #expect(done.status == 0, "\(done.stderr)")
        #expect(Self.rect(of: planned.stdout) == Self.clipped, "\(planned.stdout)")
        #expect(Self.rect(of: done.stdout) == Self.clipped, "\(done.stdout)")
        #expect(done.stdout.contains(#""pixels":{"left":448,"top":336,"width":192,"height":144}"#))
        let report = try String(contentsOfFile: scratch.path("r.jsonl"), encoding: .utf8)
        #expect(report.split(separator: "\n").last.map { Self.rect(of: String($0)) } == Self.clipped, "\(report)")
        #expect(!MessageNumberTests.hasNoise(done.stdout + report))
    }

    @Test func aYOLOReportIsWithoutNoiseAndResumeStillSkipsWhatItRecorded() throws {
        let scratch = try Scratch()
        try scratch.place(Self.pattern, at: "images/a.png")
        try scratch.write("0 0.3 0.3 0.2 0.2\n0 0.45 0.45 0.3 0.3\n", to: "labels/a.txt")
        let run = [
            "crop", "--yolo", scratch.path("labels"), "--images", scratch.path("images"), "--out-dir",
            scratch.path("out"), "--report", scratch.path("r.jsonl"),
        ]
        let first = try CommandRunner.run(run)
        #expect(first.status == 0, "\(first.stderr)")
        let report = try String(contentsOfFile: scratch.path("r.jsonl"), encoding: .utf8)
        #expect(report.contains(#""rect":{"x":0.2,"y":0.2,"width":0.2,"height":0.2}"#), "\(report)")
        #expect(report.contains(#""rect":{"x":0.3,"y":0.3,"width":0.3,"height":0.3}"#), "\(report)")
        #expect(!MessageNumberTests.hasNoise(report))
        let resumed = try CommandRunner.run(run + ["--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.hasSuffix("0 done, 0 failed, 2 skipped\n"), "\(resumed.stderr)")
    }

    @Test func aBatchAnswerGivesTheDryRunsRect() throws {
        let scratch = try Scratch()
        _ = try scratch.copy(Self.pattern, as: "p.png")
        let client = try BatchClient([], in: scratch)
        try client.send(["id": 1, "command": "crop", "input": "p.png", "rect": "0.7,0.7,0.4,0.4", "output": "a.png"])
        let answer = client.answerLine() ?? ""
        #expect(Self.rect(of: answer) == Self.clipped, "\(answer)")
        #expect(try client.finish().status == 0)
    }
}
