import Foundation
import Testing
import Vips

/// One rule for every command's job keys that touch the operator's policy: a job may narrow it
/// (no force, a lower pixel limit, a stricter fail-on, a shorter timeout) and never widen it;
/// `quality` and `skipExisting` are every command's keys.
@Suite(.processes) struct BatchPolicyTests {
    /// A job of `command` reading `a.jpg` and writing `output`, with `keys` added.
    static func job(_ command: String, _ id: String, output: String, _ keys: [String: Any] = [:]) -> [String: Any] {
        var job: [String: Any] = ["id": id, "command": command, "output": output]
        switch command {
        case "crop": (job["input"], job["rect"]) = ("a.jpg", "0.25,0.25,0.5,0.5")
        case "view": (job["input"], job["screen"]) = ("a.jpg", [120, 90])
        default: (job["board"], job["photos"]) = ([160, 160], [["id": "a", "path": "a.jpg"]])
        }
        return job.merging(keys) { $1 }
    }

    /// The answers to `jobs` sent to a batch started with `arguments`, by id.
    static func answers(
        _ jobs: [[String: Any]], arguments: [String] = [], in scratch: Scratch, environment: [String: String] = [:]
    ) throws -> [String: [String: Any]] {
        let client = try BatchClient(["--jobs", "1"] + arguments, in: scratch, environment: environment)
        for job in jobs { try client.send(job) }
        var answers: [String: [String: Any]] = [:]
        for _ in jobs {
            let answer = try client.answer()
            answers[answer["id"] as? String ?? "?"] = answer
        }
        _ = try client.finish()
        return answers
    }

    @Test(arguments: ["crop", "view", "board"])
    func keysThatWidenThePolicyAreRefusedAndNothingIsReplaced(command: String) throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg", "old.png"])
        let old = FileManager.default.contents(atPath: scratch.path("old.png"))
        let jobs = [
            Self.job(command, "force", output: "old.png", ["force": true]),
            Self.job(command, "no-limit", output: "n.png", ["maxPixels": 0]),
            Self.job(command, "higher", output: "h.png", ["max-pixels": 300_000_000]),
            Self.job(command, "lenient", output: "l.png", ["failOn": "none"]),
            Self.job(command, "longer", output: "t.png", ["timeout": 90]),
            Self.job(command, "both", output: "b.png", ["failOn": "error", "fail-on": "error"]),
        ]
        let answers = try Self.answers(jobs, arguments: ["--timeout", "60"], in: scratch)
        let expected = [
            "force": "force: this server does not replace outputs (it was started without --force)",
            "no-limit": "maxPixels: 0 (no limit) would lift the server's limit of 250000000 pixels (--max-pixels)",
            "higher": "max-pixels: 300000000 would lift the server's limit",
            "lenient": "failOn: 'none' is less strict than the server's 'truncated' (--fail-on)",
            "longer": "timeout: 90 s is longer than the server's 60 s (--timeout)",
            "both": "give failOn or fail-on, not both",
        ]
        for (id, error) in expected {
            #expect(answers[id]?["status"] as? String == "failed", "\(id): \(answers[id] ?? [:])")
            do {
                let text = BatchClient.text(answers[id]?["error"])
                #expect(text.contains(error), "\(id): \(answers[id] ?? [:])")
            }
        }
        #expect(FileManager.default.contents(atPath: scratch.path("old.png")) == old)
        #expect(try scratch.contents() == ["a.jpg", "old.png"])
    }

    @Test(arguments: ["crop", "view", "board"])
    func keysThatNarrowThePolicyApply(command: String) throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg", "old.png"])
        let source = try #require(FileManager.default.contents(atPath: WorkerCrashTests.photo.path))
        try source.prefix(source.count * 3 / 4).write(to: scratch.url.appendingPathComponent("cut.jpg"))
        let cut: [String: Any] =
            command == "board" ? ["photos": [["id": "a", "path": "cut.jpg"]]] : ["input": "cut.jpg"]
        let jobs = [
            Self.job(command, "lower", output: "p.png", ["maxPixels": 1000]),
            Self.job(command, "stricter", output: "s.png", cut.merging(["fail-on": "truncated"]) { $1 }),
            Self.job(command, "lenient-server", output: "d.png", cut),
            Self.job(command, "no-force", output: "old.png", ["force": false]),
            Self.job(command, "quality", output: "q.jpg", ["quality": 5]),
            Self.job(command, "default", output: "r.jpg"),
        ]
        let answers = try Self.answers(jobs, arguments: ["--force", "--fail-on", "none"], in: scratch)
        let pixels = BatchClient.text(answers["lower"]?["error"]) + "\(answers["lower"]?["failed"] ?? "")"
        #expect(pixels.contains("over the limit of 1000 pixels"), "\(answers["lower"] ?? [:])")
        let damaged = BatchClient.text(answers["stricter"]?["error"]) + "\(answers["stricter"]?["failed"] ?? "")"
        #expect(damaged.contains("cut.jpg"), "\(answers["stricter"] ?? [:])")
        #expect(answers["stricter"]?["status"] as? String == "failed")
        #expect(answers["lenient-server"]?["status"] as? String == "done", "\(answers["lenient-server"] ?? [:])")
        do {
            let text = BatchClient.text(answers["no-force"]?["error"])
            #expect(text.contains("output exists"))
        }
        #expect(
            answers["quality"]?["status"] as? String == "done" && answers["default"]?["status"] as? String == "done")
        let small = try #require(FileManager.default.attributesOfItem(atPath: scratch.path("q.jpg"))[.size] as? Int)
        let usual = try #require(FileManager.default.attributesOfItem(atPath: scratch.path("r.jpg"))[.size] as? Int)
        #expect(small < usual)
    }

    /// A crop job's own `quality` with no output taking one is refused, as `--quality` is on the
    /// command line; the server's `--quality` is only a default, and a JPEG takes the job's.
    @Test func aCropJobsQualityWithOnlyPNGOutputsIsRefused() throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg"])
        let answers = try Self.answers(
            [
                Self.job("crop", "png", output: "p.png", ["quality": 80]),
                Self.job("crop", "jpeg", output: "j.jpg", ["quality": 80]),
                Self.job("crop", "server", output: "s.png"),
            ], arguments: ["--quality", "70"], in: scratch)
        let refused = answers["png"] ?? [:]
        let reason = BatchClient.text(refused["error"])
        #expect(refused["status"] as? String == "failed")
        #expect(reason.contains("quality: quality 80: no output takes a quality"), "\(refused)")
        #expect(answers["jpeg"]?["status"] as? String == "done" && answers["server"]?["status"] as? String == "done")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("p.png")))
    }

    @Test func aJobsTimeoutGivesItUpAndTheNextJobRuns() throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg", "hung.jpg"])
        let answers = try Self.answers(
            [
                [
                    "id": "hung", "command": "crop", "input": "hung.jpg", "rect": "0,0,1,1", "output": "h.jpg",
                    "timeout": 1,
                ],
                Self.job("crop", "after", output: "a.png", ["timeout": 0.5]),
            ], arguments: ["--timeout", "30"], in: scratch, environment: ["LIGHTBOX_FAULT": "hang:hung.jpg"])
        #expect(answers["hung"]?["status"] as? String == "failed")
        do {
            let text = BatchClient.text(answers["hung"]?["error"])
            #expect(text.contains("hung.jpg: timed out after 1 s"))
        }
        #expect(answers["after"]?["status"] as? String == "done", "\(answers["after"] ?? [:])")
        #expect(try scratch.contents() == ["a.jpg", "a.png", "hung.jpg"])
    }

    /// A damaged output is one no job wrote (outputs are renamed into place whole): it fails the
    /// job and stays as it was (`SkipExistingSafetyTests` has the other things found there).
    @Test(arguments: ["crop", "view", "board"])
    func skipExistingLeavesWholeOutputsAndFailsOnDamagedOnes(command: String) throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg"])
        let first = try Self.answers(
            [Self.job(command, "whole", output: "w.png"), Self.job(command, "damaged", output: "d.png")],
            in: scratch)
        #expect(first.values.allSatisfy { $0["status"] as? String == "done" }, "\(first)")
        let whole = try #require(FileManager.default.contents(atPath: scratch.path("w.png")))
        let damaged = try #require(FileManager.default.contents(atPath: scratch.path("d.png")))
        try whole.write(to: scratch.url.appendingPathComponent("w.png"))
        try damaged.prefix(damaged.count / 2).write(to: scratch.url.appendingPathComponent("d.png"))
        let again = try Self.answers(
            [
                Self.job(command, "whole", output: "w.png", ["skipExisting": true]),
                Self.job(command, "damaged", output: "d.png", ["skip-existing": true]),
                Self.job(command, "missing", output: "m.png", ["skipExisting": true]),
                Self.job(command, "plain", output: "w.png"),
            ], in: scratch)
        #expect(again["whole"]?["status"] as? String == "skipped", "\(again["whole"] ?? [:])")
        #expect(again["damaged"]?["status"] as? String == "failed", "\(again["damaged"] ?? [:])")
        let refusal = BatchClient.text(again["damaged"]?["error"])
        #expect(refusal.hasSuffix("d.png: output exists and is not a whole PNG image; --force replaces it"))
        #expect(again["missing"]?["status"] as? String == "done")
        do {
            let text = BatchClient.text(again["plain"]?["error"])
            #expect(text.contains("output exists"))
        }
        #expect(FileManager.default.contents(atPath: scratch.path("w.png")) == whole)
        #expect(FileManager.default.contents(atPath: scratch.path("d.png")) == damaged.prefix(damaged.count / 2))
        #expect(try VImage.load(scratch.path("m.png")).average() > 0)
    }

    @Test func aCropsListAnswersEachCropAndRefusesPolicyKeysOnOneCrop() throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg"])
        _ = try Self.answers([Self.job("crop", "first", output: "one.png")], in: scratch)
        let answers = try Self.answers(
            [
                [
                    "id": "list", "command": "crop", "input": "a.jpg", "skipExisting": true,
                    "crops": [
                        ["rect": "0.25,0.25,0.5,0.5", "output": "one.png"],
                        ["rect": "0,0,0.5,0.5", "output": "two.png"],
                        ["rect": "0,0,0.5,0.5", "output": "three.png", "force": true],
                    ],
                ],
                [
                    "id": "all", "command": "crop", "input": "a.jpg", "skipExisting": true,
                    "crops": [["rect": "0.25,0.25,0.5,0.5", "output": "one.png"]],
                ],
            ], in: scratch)
        let crops = try #require(answers["list"]?["crops"] as? [[String: Any]])
        #expect(crops.map { $0["status"] as? String } == ["skipped", "done", "failed"])
        #expect((crops[2]["error"] as? String ?? "").contains("crops[2].force: a key of the whole job"))
        #expect(answers["all"]?["status"] as? String == "skipped", "\(answers["all"] ?? [:])")
    }
}
