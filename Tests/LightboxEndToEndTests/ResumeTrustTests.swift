import Foundation
import Testing
import Vips

/// `--resume` skips an output only when it is known to be whole; a cut file is rendered again.
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
        let report = withReport ? ["--report", scratch.path("report.jsonl")] : []
        #expect(try CommandRunner.run(arguments + report).status == 0)
        try Self.cut(scratch.path("out/out0.png"))
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
}
