import Foundation
import Testing
import Vips

/// Exit codes engines can live with: `--max-failures N|P%` lets a run whose failures stay within
/// the budget exit 0 (each failure still on stderr and in the journal, a batch job still answered
/// failed, a board's photo still an error), and a shard says only the warnings of its own lines.
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

    /// (`--max-failures`, the exit code): one unreadable photo with 16 boxes among four photos is
    /// one failure of four inputs; its error is said once and each of its 16 crops is a failed record.
    @Test(arguments: [("1", Int32(0)), ("25%", 0), ("20%", 1), ("0", 1)])
    func theBudgetCountsPhotosNotCrops(budget: String, status: Int32) throws {
        let scratch = try Scratch()
        for index in 0..<3 { _ = try scratch.copy(Self.pattern, as: "in\(index).png") }
        let rows =
            ["in0.png", "in1.png", "in2.png"].map { "\($0),0,0,0.5,0.5" }
            + (0..<16).map { "gone.png,\(Double($0) / 20),0,0.05,0.5" }
        try scratch.write((["input,x,y,width,height"] + rows).joined(separator: "\n") + "\n", to: "m.csv")
        let result = try CommandRunner.run(
            ["crop", "--manifest", "m.csv", "--out-dir", "out", "--report", "r.jsonl", "--max-failures", budget],
            in: scratch.url)
        #expect(result.status == status, "\(budget): \(result.stderr)")
        #expect(result.stderr.components(separatedBy: "gone.png: cannot open").count == 2, "\(result.stderr)")
        #expect(result.stderr.contains("3 done, 16 failed, 0 skipped"), "\(result.stderr)")
        let records = try JournalFile.records(scratch.path("r.jsonl"))
        #expect(records.filter { $0["status"] as? String == "failed" }.count == 16)
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

    /// (`--max-failures`, or none, and the exit code of a batch of four jobs, one failed).
    @Test(arguments: [(String?.none, Int32(1)), ("1", 0), ("25%", 0), ("0", 1), ("20%", 1)])
    func batchJobsFailedWithinTheBudgetExitZero(budget: String?, status: Int32) throws {
        let scratch = try Scratch()
        for index in 0..<3 { _ = try scratch.copy(Self.pattern, as: "in\(index).png") }
        let lines = try ["in0.png", "in1.png", "gone.png", "in2.png"].enumerated().map { index, input in
            let job: [String: Any] = [
                "id": index + 1, "command": "crop", "input": input, "rect": "0.25,0.25,0.5,0.5",
                "output": "c\(index + 1).png",
            ]
            return String(
                decoding: try JSONSerialization.data(withJSONObject: job, options: [.sortedKeys]), as: UTF8.self)
        }
        try scratch.write(lines.joined(separator: "\n") + "\n", to: "jobs.jsonl")
        let result = try CommandRunner.run(
            ["batch", "--jobs", "2", "jobs.jsonl"] + (budget.map { ["--max-failures", $0] } ?? []), in: scratch.url)
        #expect(result.status == status, "\(budget ?? "none"): \(result.stderr)")
        let answers = try result.lines.map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let statuses = Dictionary(
            uniqueKeysWithValues: answers.map { ($0["id"] as? Int ?? 0, $0["status"] as? String ?? "") })
        #expect(statuses == [1: "done", 2: "done", 3: "failed", 4: "done"], "\(result.stdout)")
        let failed = try #require(answers.first { $0["id"] as? Int == 3 })
        #expect(BatchClient.text(failed["error"]).contains("gone.png: cannot open"), "\(failed)")
        let note = budget.map {
            status == 0 ? "within --max-failures \($0): exit 0" : "more than --max-failures \($0) allows: exit 1"
        }
        #expect(result.stderr == "3 done, 1 failed" + (note.map { " (\($0))" } ?? "") + "\n", "\(result.stderr)")
        // The three others are the rect's pixels: the middle half of the pattern.
        for index in [1, 2, 4] {
            let crop = try VImage.load(scratch.path("c\(index).png"))
            #expect(crop.width == 320 && crop.height == 240)
            #expect(try PatternPixel.source(in: crop, x: 0, y: 0) == (160, 120))
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.path("c3.png")))
    }

    /// The budget is the operator's: a job (or one crop of its `crops`) that sends it fails naming
    /// the key, and does not widen the budget of the batch.
    @Test func aBatchJobCannotSetTheBudget() throws {
        let scratch = try Scratch()
        _ = try scratch.copy(Self.pattern, as: "in.png")
        let client = try BatchClient(["--jobs", "1", "--max-failures", "1"], in: scratch)
        try client.send([
            "id": "camel", "command": "crop", "input": "in.png", "rect": "0,0,1,1", "output": "a.png", "maxFailures": 5,
        ])
        try client.send([
            "id": "kebab", "command": "view", "input": "in.png", "screen": [100, 100], "output": "b.png",
            "max-failures": "50%",
        ])
        try client.send([
            "id": "crops", "command": "crop", "input": "in.png",
            "crops": [
                ["rect": "0,0,1,1", "output": "c.png"], ["rect": "0,0,1,1", "output": "d.png", "maxFailures": 1],
            ],
        ])
        let answers = try (0..<3).map { _ in try client.answer() }
        let end = try client.finish()
        let expected = [
            "camel": "stdin:1: maxFailures: a budget for the whole batch, not one job",
            "kebab": "stdin:2: max-failures: a budget for the whole batch, not one job",
            "crops": "stdin:3: crops[1].maxFailures: a budget for the whole batch, not one job: its operator gives it "
                + "(lightbox batch --max-failures)",
        ]
        for answer in answers {
            let id = BatchClient.text(answer["id"])
            #expect(answer["status"] as? String == "failed", "\(answer)")
            #expect(BatchClient.text(answer["error"]).contains(expected[id] ?? "?"), "\(answer)")
        }
        #expect(end.status == 1)
        #expect(end.stderr.hasSuffix("0 done, 3 failed (more than --max-failures 1 allows: exit 1)\n"), "\(end.stderr)")
        #expect(try scratch.contents() == ["c.png", "in.png"])
    }

    /// A signal stops a batch with its own code, whatever the budget.
    @Test func aSignalIsNotABudgetMatter() throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["hung.jpg"])
        let client = try BatchClient(
            ["--jobs", "1", "--max-failures", "100%"], in: scratch, environment: ["LIGHTBOX_FAULT": "hang:hung.jpg"])
        try client.send(["id": 1, "command": "crop", "input": "gone.jpg", "rect": "0,0,1,1", "output": "gone-crop.jpg"])
        #expect(client.answerLine()?.contains("\"failed\"") == true)
        try client.send(["id": 2, "command": "crop", "input": "hung.jpg", "rect": "0,0,1,1", "output": "hung-crop.jpg"])
        try Poll.until(within: 10) { try scratch.contents().contains { $0.hasPrefix(".hung-crop.lightbox-") } }
        kill(client.process.processIdentifier, SIGTERM)
        let end = try client.finish()
        #expect(end.status == 143)
        #expect(end.stderr.hasSuffix("interrupted by SIGTERM: 0 done, 1 failed\n"), "\(end.stderr)")
    }

    /// (`--max-failures`, or none, and the exit code of a board of two photos, one not an image):
    /// the board is written without that card either way, and `--json` still says it failed.
    @Test(arguments: [(String?.none, Int32(1)), ("1", 0), ("50%", 0), ("0", 1), ("49%", 1)])
    func boardPhotosFailedWithinTheBudgetExitZero(budget: String?, status: Int32) throws {
        let scratch = try Scratch()
        let good = try BoardFixture.solidPhoto(scratch, "red.png", color: [220, 20, 30])
        let broken = try BoardFixture.write("not an image", scratch, "broken.jpg")
        let output = scratch.path("out.png")
        let result = try CommandRunner.run(
            ["board", good, broken, "--size", "160x190", "--background", "#808080", "-o", output, "--json"]
                + (budget.map { ["--max-failures", $0] } ?? []))
        #expect(result.status == status, "\(budget ?? "none"): \(result.stderr)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("error: \(broken): ") == true, "\(result.stderr)")
        #expect(lines.first?.hasSuffix("(card skipped)") == true, "\(result.stderr)")
        #expect(
            Array(lines.dropFirst())
                == (status == 0 ? ["1 of 2 photos failed, within --max-failures \(budget ?? ""): exit 0"] : []))
        let record = try BoardFixture.object(result)
        #expect(record["status"] as? String == "failed" && record["cards"] as? Int == 1, "\(record)")
        #expect((record["failed"] as? [Any])?.count == 1, "\(record)")
        // Both cards sit in the middle; the broken one (index 1), drawn on top, was left out.
        let centre = try VImage.load(output).pixel(x: 80, y: 95)
        #expect(BoardFixture.distance(centre, [220, 20, 30]) <= 2, "\(centre)")
    }

    /// The budget counts a board's photos, never the board: one not written (its background image
    /// missing) exits 1 whatever the budget; beside `--placeholder` (exit 0 already) the budget is refused.
    @Test func aBoardNotWrittenIsPastAnyBudget() throws {
        let scratch = try Scratch()
        let good = try BoardFixture.solidPhoto(scratch, "red.png", color: [220, 20, 30])
        let output = scratch.path("out.png")
        let missing = try CommandRunner.run(
            [
                "board", good, "--size", "100x100", "--background", scratch.path("none.jpg"), "-o", output,
                "--max-failures", "100%",
            ])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("error: \(scratch.path("none.jpg")): "), "\(missing.stderr)")
        #expect(!missing.stderr.contains("within"), "\(missing.stderr)")
        let placeholder = try CommandRunner.run(
            ["board", good, "--size", "100x100", "-o", output, "--placeholder", "--max-failures", "1"])
        #expect(placeholder.status == 64)
        #expect(
            placeholder.stderr.hasPrefix("Error: --max-failures does not go with --placeholder ("),
            "\(placeholder.stderr)")
        #expect(try scratch.contents() == ["red.png"])
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
