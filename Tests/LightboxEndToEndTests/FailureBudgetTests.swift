import Foundation
import Testing

/// Exit codes engines can live with: `--max-failures N|P%` lets a run whose failures stay within
/// the budget exit 0 (each failure still on stderr and in the journal), and a shard says only the
/// warnings of its own lines.
@Suite(.processes) struct FailureBudgetTests {
    static let pattern = CommandRunner.fixtures.appendingPathComponent("pattern.png")

    /// Four inputs, one of them missing: four crops, one failed.
    static func manifest(_ scratch: Scratch) throws {
        for index in 0..<3 { _ = try scratch.copy(Self.pattern, as: "in\(index).png") }
        let rows = ["in0.png", "in1.png", "gone.png", "in2.png"].map { "\($0),0,0,0.5,0.5" }
        try scratch.write((["input,x,y,width,height"] + rows).joined(separator: "\n") + "\n", to: "m.csv")
    }

    /// (`--max-failures`, the exit code for one failure in four items).
    @Test(arguments: [("0", Int32(1)), ("1", 0), ("25%", 0), ("20%", 1), ("100%", 0)])
    func failuresWithinTheBudgetExitZero(budget: String, status: Int32) throws {
        let scratch = try Scratch()
        try Self.manifest(scratch)
        let result = try CommandRunner.run(
            ["crop", "--manifest", "m.csv", "--out-dir", "out", "--report", "r.jsonl", "--max-failures", budget],
            in: scratch.url)
        #expect(result.status == status, "\(budget): \(result.stderr)")
        #expect(result.stderr.contains("error: m.csv:4: gone.png: cannot open"), "\(result.stderr)")
        let summary = "3 done, 1 failed, 0 skipped"
        #expect(
            result.stderr.hasSuffix(
                status == 0 ? "\(summary) (within --max-failures \(budget): exit 0)\n" : "\(summary)\n"),
            "\(result.stderr)")
        let records = try JournalFile.records(scratch.path("r.jsonl"))
        #expect(records.filter { $0["status"] as? String == "failed" }.count == 1)
        #expect(scratch.files(under: "out").count == 3)
    }

    @Test func oneSnapshotAndABadBudget() throws {
        let scratch = try Scratch()
        let view = try CommandRunner.run(
            ["view", "gone.png", "--screen", "100x100", "-o", "v.png", "--max-failures", "1"], in: scratch.url)
        #expect(view.status == 0, "\(view.stderr)")
        #expect(view.stderr.hasPrefix("error: gone.png: cannot open"), "\(view.stderr)")
        #expect(view.stderr.hasSuffix("1 failed, within --max-failures 1: exit 0\n"), "\(view.stderr)")
        let bad = try CommandRunner.run(
            ["crop", "a.png", "--rect", "0,0,1,1", "-o", "b.png", "--max-failures", "5%%"], in: scratch.url)
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: --max-failures '5%%': expected a number of items (3) or a percentage"))
    }

    /// Lines 2 and 3 are clipped, each on its own input, so each is in its own shard of two: each
    /// shard warns about its own line only (Slurm tasks used to repeat every line's warning).
    @Test func aShardWarnsOnlyAboutItsOwnLines() throws {
        let scratch = try Scratch()
        for index in 0..<2 { _ = try scratch.copy(Self.pattern, as: "in\(index).png") }
        try scratch.write("input,x,y,width,height\nin0.png,0.8,0,0.5,0.5\nin1.png,0.9,0,0.5,0.5\n", to: "m.csv")
        try scratch.write(
            #"{"input":"in0.png","zoom":9,"output":"a.png"}"# + "\n" + #"{"input":"in1.png","zoom":8,"output":"b.png"}"#
                + "\n", to: "s.jsonl")
        for shard in [1, 2] {
            let crop = try CommandRunner.run(
                ["crop", "--manifest", "m.csv", "--out-dir", "c\(shard)", "--shard", "\(shard)/2", "--dry-run"],
                in: scratch.url)
            let cropWarnings = crop.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }
            #expect(
                cropWarnings.count == 1 && cropWarnings[0].hasPrefix("warning: m.csv:\(shard + 1): "), "\(crop.stderr)")
            let view = try CommandRunner.run(
                [
                    "view", "--manifest", "s.jsonl", "--out-dir", "v\(shard)", "--screen", "100x100", "--shard",
                    "\(shard)/2", "--dry-run",
                ], in: scratch.url)
            let viewWarnings = view.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }
            #expect(
                viewWarnings.count == 1 && viewWarnings[0].hasPrefix("warning: s.jsonl:\(shard): "), "\(view.stderr)")
        }
    }
}
