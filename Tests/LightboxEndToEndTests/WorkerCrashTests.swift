import Foundation
import Testing
import Vips

/// A decoder that crashes or hangs costs one item: the debug build's `LIGHTBOX_FAULT` switch makes
/// the worker raise the signal or sleep, and the supervisor's real signal and timeout handling does the rest.
@Suite(.processes) struct WorkerCrashTests {
    /// The photo every test copies (1800x1200 upright).
    static let photo = CommandRunner.orientationPhotos.appendingPathComponent("Landscape_1.jpg")

    /// Copies the photo as each name into `scratch`.
    static func inputs(_ scratch: Scratch, _ names: [String]) throws {
        for name in names { _ = try scratch.copy(photo, as: name) }
    }

    /// The `error:` lines of a run's stderr.
    static func errorLines(_ result: CommandRunner.Result) -> [String] {
        result.stderr.split(separator: "\n").map(String.init)
    }

    @Test(arguments: [
        ("crash", "the decoder crashed (SIGSEGV)"),
        ("abort", "the decoder crashed (SIGABRT): free(): invalid next size (normal)"),
        ("torn", "the decoder crashed (SIGSEGV)"),
    ])
    func aCrashFailsOnlyItsInputWithOneLine(fault: String, reason: String) throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        let result = try CommandRunner.run(
            [
                "crop", "a.jpg", "b.jpg", "c.jpg", "d.jpg", "--rect", "0,0,0.5,0.5", "-o", "{stem}-crop.png", "--jobs",
                "2",
            ],
            in: scratch.url, environment: ["LIGHTBOX_FAULT": "\(fault):b.jpg"]
        )
        #expect(result.status == 1)
        #expect(WorkerCrashTests.errorLines(result) == ["error: b.jpg: \(reason)"], "\(result.stderr)")
        for name in ["a", "c", "d"] {
            let crop = try VImage.load(scratch.path("\(name)-crop.png"))
            #expect(crop.width == 900 && crop.height == 600)
        }
        #expect(try scratch.contents().filter { $0.contains("crop") } == ["a-crop.png", "c-crop.png", "d-crop.png"])
    }

    @Test func aHangTimesOutAndLeavesNoTempFile() throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg", "logo.jpg", "c.jpg"])
        let start = Date()
        let result = try CommandRunner.run(
            [
                "crop", "a.jpg", "logo.jpg", "c.jpg", "--rect", "0,0,0.1,0.1", "-o", "{stem}-crop.jpg", "--timeout",
                "2", "--jobs", "1",
            ],
            in: scratch.url, environment: ["LIGHTBOX_FAULT": "hang:logo.jpg"]
        )
        #expect(Date().timeIntervalSince(start) < 20)
        #expect(result.status == 1)
        #expect(WorkerCrashTests.errorLines(result) == ["error: logo.jpg: timed out after 2 s"], "\(result.stderr)")
        #expect(try scratch.contents() == ["a-crop.jpg", "a.jpg", "c-crop.jpg", "c.jpg", "logo.jpg"])
    }

    @Test func aSingleCropThatCrashesMidWriteLeavesNothing() throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["scan.jpg"])
        let result = try CommandRunner.run(
            ["crop", "scan.jpg", "--rect", "0.1,0.2,0.5,0.6", "-o", "out.jpg"], in: scratch.url,
            environment: ["LIGHTBOX_FAULT": "torn:scan.jpg"]
        )
        #expect(result.status == 1)
        #expect(result.stderr == "error: scan.jpg: the decoder crashed (SIGSEGV)\n")
        #expect(try scratch.contents() == ["scan.jpg"])
    }

    @Test func aKilledWorkerFailsItsItemAndIsReplaced() throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg", "b.jpg", "c.jpg"])
        let run = try WorkerSignalTests.start(
            [
                "crop", "a.jpg", "b.jpg", "c.jpg", "--rect", "0,0,1,1", "-o", "{stem}-crop.jpg", "--jobs", "1",
                "--timeout", "0",
            ],
            in: scratch, fault: "hang:a.jpg", output: "a-crop"
        )
        let worker = try #require(WorkerSignalTests.children(of: run.process.processIdentifier).first)
        kill(worker, SIGKILL)
        let stderr = String(decoding: run.stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        run.process.waitUntilExit()
        #expect(run.process.terminationStatus == 1)
        #expect(stderr == "error: a.jpg: the decoder crashed (SIGKILL)\n")
        #expect(try scratch.contents() == ["a.jpg", "b-crop.jpg", "b.jpg", "c-crop.jpg", "c.jpg"])
    }

    /// Workers killed while idle (an OOM killer, an operator) are replaced before they are given
    /// a job: no job fails for a worker that was already gone.
    @Test func workersKilledWhileIdleAreReplacedBeforeTheyGetAJob() throws {
        let scratch = try Scratch()
        _ = try scratch.copy(RootConfinementTests.pattern, as: "p.png")
        let client = try BatchClient(["--jobs", "2"], in: scratch)
        try client.send(RootConfinementTests.crop("warm", "p.png", "warm.png"))
        #expect(try client.answer()["status"] as? String == "done")
        let idle = WorkerMemoryTests.workers(of: client.process).compactMap { pid_t($0) }
        #expect(idle.count == 2)
        for worker in idle { kill(worker, SIGKILL) }
        usleep(200_000)
        for index in 0..<4 {
            try client.send(RootConfinementTests.crop("after\(index)", "p.png", "after\(index).png"))
            let answer = try client.answer()
            #expect(answer["status"] as? String == "done", "\(answer)")
        }
        let now = WorkerMemoryTests.workers(of: client.process).compactMap { pid_t($0) }
        #expect(!Set(now).subtracting(idle).isEmpty, "\(now) \(idle)")
        let end = try client.finish()
        #expect(end.status == 0 && !end.stderr.contains("crashed"), "\(end.stderr)")
    }

    @Test func aManifestReportsTheCrashAndResumeRetriesItOnceThenGivesUp() throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg", "b.jpg", "c.jpg"])
        let manifest = scratch.path("crops.csv")
        try Data("input,x,y,width,height\na.jpg,0,0,1,1\nb.jpg,0,0,1,1\nc.jpg,0,0,1,1\n".utf8).write(
            to: URL(fileURLWithPath: manifest))
        let arguments = [
            "crop", "--manifest", manifest, "--out-dir", scratch.path("out"), "--report", scratch.path("report.jsonl"),
            "--resume", "-q",
        ]
        var crashes: [Int] = []
        var errors: [String] = []
        for _ in 0..<3 {
            let result = try CommandRunner.run(arguments, environment: ["LIGHTBOX_FAULT": "crash:b.jpg"])
            #expect(result.status == 1)
            let records = try JournalFile.lastRun(scratch.path("report.jsonl"))
            #expect(records.count == 3)
            let failed = try #require(records.first { $0["status"] as? String == "failed" })
            #expect(failed["input"] as? String == scratch.path("b.jpg"))
            crashes.append(try #require(failed["crashes"] as? Int))
            errors.append(try #require(failed["error"] as? String))
        }
        #expect(crashes == [1, 2, 2])
        #expect(
            errors[0].hasSuffix("crops.csv:3: \(scratch.path("b.jpg")): the decoder crashed (SIGSEGV)"), "\(errors)")
        #expect(errors[1] == errors[0])
        #expect(errors[2].contains("not retried: its decoder crashed or timed out in 2 earlier runs"), "\(errors)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.path("out")).sorted() == ["a-1.jpg", "c-1.jpg"])
    }

    @Test(arguments: ["-1", "x", "nan"])
    func aBadTimeoutIsAUsageError(value: String) throws {
        let result = try CommandRunner.run(["crop", "a.jpg", "--rect", "0,0,1,1", "-o", "b.jpg", "--timeout", value])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--timeout '\(value)': expected a number from 0 to 1000000"), "\(result.stderr)")
    }

    @Test(arguments: ["crop", "view", "board"])
    func helpDocumentsTheTimeout(command: String) throws {
        let result = try CommandRunner.run(["help", command])
        let text = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(
            text.contains("--timeout <s> Give up on an item after s seconds and go on (default 600; 0: never)."),
            "\(text)")
    }
}
