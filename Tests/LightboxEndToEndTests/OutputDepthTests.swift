import Foundation
import Testing
import Vips

/// An output may name at most 64 folders, in every door: deeper is refused before any work with
/// one short line and nothing made; folders are made with a few descriptors, however deep.
@Suite(.processes) struct OutputDepthTests {
    /// `count` folders `a/` then `name`.
    static func deep(_ count: Int, _ name: String = "x.jpg") -> String {
        String(repeating: "a/", count: count) + name
    }

    /// The message's path: 65 folders are shown whole.
    static let shown = deep(65)

    /// (arguments, exit status, the first line of stderr), each run in a scratch holding `a.jpg`.
    static let doors: [([String], Int32, String)] = [
        (
            ["crop", "a.jpg", "--rect", "0,0,1,1", "-o", deep(65)], 64,
            "Error: -o '\(shown)': more than 64 folders deep"
        ),
        (
            ["crop", "a.jpg", "--rect", "0,0,1,1", "-o", "x.jpg", "--out-dir", deep(64, "a")], 64,
            "Error: --out-dir '\(deep(64, "a"))': more than 64 folders deep"
        ),
        (
            ["crop", "a.jpg", "--rect", "0,0,1,1", "-o", "sub/{stem}.jpg", "--out-dir", deep(64, "")], 64,
            "Error: -o 'sub/{stem}.jpg': more than 64 folders deep"
        ),
        (
            ["view", "a.jpg", "--screen", "80x60", "-o", deep(65, "v.png")], 64,
            "Error: -o '\(deep(65, "v.png"))': more than 64 folders deep"
        ),
        (
            ["board", "a.jpg", "--size", "80x80", "-o", deep(65, "b.png")], 64,
            "Error: -o '\(deep(65, "b.png"))': more than 64 folders deep"
        ),
        (
            ["crop", "--manifest", "m.csv", "--out-dir", "."], 1,
            "error: m.csv:2: output: '\(shown)': more than 64 folders deep"
        ),
    ]

    @Test(arguments: doors)
    func everyDoorRefusesAnOutputMoreThan64FoldersDeepAndMakesNothing(
        arguments: [String], status: Int32, line: String
    ) throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg"])
        _ = try scratch.write("input,x,y,width,height,output\na.jpg,0,0,1,1,\(Self.shown)\n", to: "m.csv")
        let result = try CommandRunner.run(arguments, in: scratch.url)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").first.map(String.init) == line, "\(result.stderr)")
        #expect(try scratch.contents() == ["a.jpg", "m.csv"])
    }

    /// The line of the security review: a 400 KB output 200,000 folders deep, beside one 65 deep.
    @Test(arguments: ["crop", "view", "board"])
    func aBatchJobTooDeepFailsAloneInOneShortLineAndMakesNothing(command: String) throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg"])
        let jobs = [
            BatchPolicyTests.job(command, "huge", output: Self.deep(200_000)),
            BatchPolicyTests.job(command, "deep", output: Self.deep(65)),
            BatchPolicyTests.job(command, "fine", output: Self.deep(64)),
        ]
        let answers = try BatchPolicyTests.answers(jobs, arguments: ["--root", "."], in: scratch)
        let cut = String(repeating: "a/", count: 30) + "..."
        for (id, shown) in [("huge", cut), ("deep", Self.shown)] {
            let error = BatchClient.text(answers[id]?["error"])
            #expect(answers[id]?["status"] as? String == "failed")
            #expect(error.hasSuffix("'\(shown)': more than 64 folders deep"), "\(error)")
            #expect(error.count < 300)
        }
        #expect(answers["fine"]?["status"] as? String == "done", "\(answers["fine"] ?? [:])")
        #expect(try VImage.load(scratch.path(Self.deep(64))).average() > 0)
        #expect(OutputDepthTests.folders(under: scratch.path("a")) == 64)
    }

    /// A walk holds a few descriptors however deep: 64 folders are made under `--root` by a
    /// process that may open 40 files (one descriptor per folder would need more).
    @Test func sixtyFourFoldersAreMadeWithAFewDescriptors() throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg"])
        let job = BatchPolicyTests.job("crop", "deep", output: Self.deep(64))
        let line = try JSONSerialization.data(withJSONObject: job) + Data("\n".utf8)
        let (status, output) = try CommandRunner.execute(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "ulimit -n 40 && exec \"$0\" batch - --root . --jobs 1", CommandRunner.binary.path],
            in: scratch.url, stdin: line)
        let answer = String(decoding: output.stdout, as: UTF8.self)
        let said = String(decoding: output.stderr, as: UTF8.self)
        #expect(
            status == 0 && answer.contains(#""status":"done""#), "status \(status), stdout: \(answer), stderr: \(said)")
        #expect(try VImage.load(scratch.path(Self.deep(64))).average() > 0)
    }

    /// How many folders deep the chain of single folders under `path` goes.
    static func folders(under path: String) -> Int {
        var (count, current) = (0, path)
        var isFolder: ObjCBool = false
        while FileManager.default.fileExists(atPath: current, isDirectory: &isFolder), isFolder.boolValue {
            count += 1
            current += "/a"
        }
        return count
    }
}
