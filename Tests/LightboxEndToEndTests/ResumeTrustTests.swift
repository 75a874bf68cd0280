import Foundation
import Testing
import Vips

/// `--resume` skips an output only when it is known to be whole; a cut file its journal recorded
/// is rendered again, and one it does not know only with `--force`.
@Suite(.processes) struct ResumeTrustTests {
    /// A scratch folder with two pattern copies and a manifest cropping each whole to `out/`.
    static func batch() throws -> (Scratch, [String]) {
        let scratch = try Scratch()
        let manifest = try scratch.manifestOfCopies(URL(fileURLWithPath: ViewHelpers.pattern), count: 2)
        return (scratch, ["crop", "--manifest", manifest, "--out-dir", scratch.path("out")])
    }

    /// Cuts the file at `path` to its first 100 bytes.
    static func cut(_ path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        try data.prefix(100).write(to: URL(fileURLWithPath: path))
    }

    @Test(arguments: [true, false])
    func aCutOutputIsRenderedAgain(withReport: Bool) throws {
        let (scratch, arguments) = try Self.batch()
        // Without a journal the cut file is one no run is known to have written: only --force replaces it.
        let report = withReport ? ["--report", scratch.path("report.jsonl")] : ["--force"]
        #expect(try CommandRunner.run(arguments + report).status == 0)
        try Self.cut(scratch.path("out/out0.png"))
        if !withReport {
            let refused = try CommandRunner.run(arguments + ["--resume"])
            #expect(refused.status == 1)
            #expect(
                refused.stderr.contains("out0.png: output exists and is not a whole PNG image; --force replaces it"))
        }
        // The dry run predicts what the resume then does.
        let dryRun = try CommandRunner.run(arguments + report + ["--resume", "--dry-run"])
        #expect(dryRun.stderr.hasSuffix("1 would be written, 0 would fail, 1 skipped\n"), "\(dryRun.stderr)")
        let result = try CommandRunner.run(arguments + report + ["--resume"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasSuffix("1 done, 0 failed, 1 skipped\n"))
        #expect(try VImage.load(scratch.path("out/out0.png")).average() > 0)
    }

    @Test func theReportRecordsSizesAndASizeChangeIsNotTrusted() throws {
        let (scratch, arguments) = try Self.batch()
        let report = ["--report", scratch.path("report.jsonl")]
        #expect(try CommandRunner.run(arguments + report).status == 0)
        let lines = try String(contentsOfFile: scratch.path("report.jsonl"), encoding: .utf8)
        #expect(lines.split(separator: "\n").dropFirst().allSatisfy { $0.contains(#""bytes":"#) })
        let whole = try Data(contentsOf: URL(fileURLWithPath: scratch.path("out/out1.png")))
        try (whole + Data([0])).write(to: URL(fileURLWithPath: scratch.path("out/out1.png")))
        let result = try CommandRunner.run(arguments + report + ["--resume"])
        #expect(result.stderr.hasSuffix("1 done, 0 failed, 1 skipped\n"), "\(result.stderr)")
        let again = try CommandRunner.run(arguments + report + ["--resume"])
        #expect(again.stderr.hasSuffix("0 done, 0 failed, 2 skipped\n"), "\(again.stderr)")
    }

    /// `--resume` knows its journal's outputs under another spelling of the same paths (`./out`
    /// after `out`, an absolute path, a link to the folder): they are skipped from the journal,
    /// never sent to a worker to decode (a worker would crash on these inputs here).
    @Test func anotherSpellingOfTheOutDirIsTheSameOutputs() throws {
        let scratch = try Scratch()
        let manifest = try scratch.manifestOfCopies(URL(fileURLWithPath: ViewHelpers.pattern), count: 3)
        let report = ["--report", scratch.path("report.jsonl")]
        let first = try CommandRunner.run(
            ["crop", "--manifest", manifest, "--out-dir", "out"] + report, in: scratch.url)
        #expect(first.status == 0, "\(first.stderr)")
        try FileManager.default.createSymbolicLink(atPath: scratch.path("link"), withDestinationPath: scratch.path("."))
        for spelling in ["./out", "out/", scratch.path("out"), "link/out", "out/../out"] {
            let result = try CommandRunner.run(
                ["crop", "--manifest", manifest, "--out-dir", spelling, "--resume"] + report, in: scratch.url,
                environment: ["LIGHTBOX_FAULT": "crash:in0.png,crash:in1.png,crash:in2.png"])
            #expect(result.status == 0, "\(spelling): \(result.stderr)")
            #expect(result.stderr.hasSuffix("0 done, 0 failed, 3 skipped\n"), "\(spelling): \(result.stderr)")
        }
    }

    /// A journal resumed again and again keeps what it knows, about two lines per item, instead
    /// of growing by a `skipped` line per finished item every time.
    @Test func aJournalResumedManyTimesStaysSmall() throws {
        let (scratch, arguments) = try Self.batch()
        let path = scratch.path("report.jsonl")
        #expect(try CommandRunner.run(arguments + ["--report", path]).status == 0)
        try Self.cut(scratch.path("out/out0.png"))
        for _ in 0..<6 {
            let result = try CommandRunner.run(arguments + ["--report", path, "--resume"])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let lines = try JournalFile.lines(path)
        let headers = lines.filter { $0["run"] != nil }
        #expect(headers.count == 7)
        #expect(lines.count - headers.count <= 4, "\(lines.count) lines")
        let last = try JournalFile.lastRun(path)
        #expect(last.count == 2 && last.allSatisfy { $0["status"] as? String == "skipped" }, "\(last)")
        let known = try JournalFile.records(path)
        #expect(Set(known.compactMap { $0["output"] as? String }).count == 2)
        #expect(known.allSatisfy { $0["bytes"] is Int }, "\(known)")
    }
}
