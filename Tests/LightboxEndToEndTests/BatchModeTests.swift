import Foundation
import Testing

/// `lightbox batch`: jobs streamed in, one answer per job as soon as it is done, matched by id.
@Suite(.processes) struct BatchModeTests {
    /// A crop job of `input` to `output` (the top-left quarter's inside).
    static func crop(_ id: Any, _ input: String, _ output: String, rect: String = "0.1,0.2,0.5,0.4") -> [String: Any] {
        ["id": id, "command": "crop", "input": input, "rect": rect, "output": output]
    }

    /// The bytes of `name` in `scratch`.
    static func bytes(_ scratch: Scratch, _ name: String) -> Data? {
        FileManager.default.contents(atPath: scratch.path(name))
    }

    @Test func eachAnswerComesBeforeTheNextJobIsSentAndMatchesTheCommand() throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg"])
        let client = try BatchClient(["--jobs", "1"], in: scratch)
        for index in 1...3 {
            try client.send(
                BatchModeTests.crop(index, "a.jpg", "out/crop-\(index).jpg", rect: "0.1,0.1,0.\(index + 2),0.5"))
            let answer = try client.answer()
            #expect(answer["id"] as? Int == index)
            #expect(answer["status"] as? String == "done", "\(answer)")
            #expect(answer["output"] as? String == "out/crop-\(index).jpg")
            #expect(FileManager.default.fileExists(atPath: scratch.path("out/crop-\(index).jpg")))
        }
        let end = try client.finish()
        #expect(end.status == 0)
        #expect(end.rest.isEmpty)
        let single = try CommandRunner.run(
            ["crop", "a.jpg", "--rect", "0.1,0.1,0.5,0.5", "-o", "single.jpg"], in: scratch.url)
        #expect(single.status == 0)
        #expect(BatchModeTests.bytes(scratch, "out/crop-3.jpg") == BatchModeTests.bytes(scratch, "single.jpg"))
    }

    @Test func viewAndBoardJobsWriteWhatTheirCommandsWrite() throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg"])
        let client = try BatchClient(["--quality", "90"], in: scratch)
        try client.send([
            "id": "v", "command": "view", "input": "a.jpg", "screen": [200, 300], "zoom": 2, "output": "v.jpg",
        ])
        #expect(try client.answer()["status"] as? String == "done")
        try client.send([
            "id": "b", "command": "board", "board": ["width": 300, "height": 240],
            "photos": [["id": "x", "path": "a.jpg"]], "output": "b.jpg",
        ])
        let board = try client.answer()
        #expect(board["status"] as? String == "done", "\(board)")
        #expect(board["width"] as? Int == 300)
        #expect(try client.finish().status == 0)
        let view = try CommandRunner.run(
            ["view", "a.jpg", "--screen", "200x300", "--zoom", "2", "--quality", "90", "-o", "v1.jpg"], in: scratch.url)
        let layout = scratch.path("layout.json")
        try Data(#"{"board":{"width":300,"height":240},"photos":[{"id":"x","path":"a.jpg"}]}"#.utf8).write(
            to: URL(fileURLWithPath: layout))
        let drawn = try CommandRunner.run(
            ["board", "--layout", layout, "--quality", "90", "-o", "b1.jpg"], in: scratch.url)
        #expect(view.status == 0 && drawn.status == 0)
        #expect(BatchModeTests.bytes(scratch, "v.jpg") == BatchModeTests.bytes(scratch, "v1.jpg"))
        #expect(BatchModeTests.bytes(scratch, "b.jpg") == BatchModeTests.bytes(scratch, "b1.jpg"))
    }

    @Test func aHEIFInputWorksInEveryCommandOfABatch() throws {
        let scratch = try Scratch()
        _ = try scratch.copy(CommandRunner.fixtures.appendingPathComponent("thumbnailed.heic"), as: "a.heic")
        let client = try BatchClient([], in: scratch)
        try client.send(BatchModeTests.crop("c", "a.heic", "c.png"))
        try client.send(["id": "v", "command": "view", "input": "a.heic", "screen": [120, 160], "output": "v.png"])
        try client.send([
            "id": "b", "command": "board", "board": [200, 200], "photos": [["id": "x", "path": "a.heic"]],
            "output": "b.png",
        ])
        var answers = [try client.answer(), try client.answer(), try client.answer()]
        answers.sort { ($0["id"] as? String ?? "") < ($1["id"] as? String ?? "") }
        #expect(answers.map { $0["status"] as? String } == ["done", "done", "done"], "\(answers)")
        #expect(answers[1]["decoder"] as? String != nil)
        #expect(try client.finish().status == 0)
        let single = try CommandRunner.run(
            ["crop", "a.heic", "--rect", "0.1,0.2,0.5,0.4", "-o", "c1.png"], in: scratch.url)
        #expect(single.status == 0)
        #expect(BatchModeTests.bytes(scratch, "c.png") == BatchModeTests.bytes(scratch, "c1.png"))
    }

    @Test func badLinesFailWithTheirLineNumberAndTheBatchGoesOn() throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg"])
        let client = try BatchClient(["--jobs", "1"], in: scratch)
        let bad: [(String, String)] = [
            ("not json", "stdin:1: not a JSON object"),
            (#"{"id":2,"command":"resize"}"#, "stdin:2: command: 'resize'; expected crop, view, board, cancel"),
            (#"{"id":3,"command":"crop","input":"a.jpg","rect":"0.1,x","output":"c.jpg"}"#, "stdin:3: rect:"),
            (#"{"id":4,"command":"crop","input":"a.jpg","rect":"0,0,1,1"}"#, "stdin:4: output: missing"),
            (
                #"{"id":5,"command":"view","input":"a.jpg","screen":[100,100],"zoom":"big","output":"v.png"}"#,
                "stdin:5: zoom 'big': expected a number"
            ),
            (
                #"{"id":6,"command":"view","input":"a.jpg","output":"v.png"}"#,
                "stdin:6: missing option '--screen <WxH>'"
            ),
            (
                #"{"id":7,"command":"board","board":[10,10],"photos":[],"tilt":3,"output":"b.png"}"#,
                "stdin:7: unknown key 'tilt'"
            ),
            (
                #"{"id":8,"command":"crop","input":"-","rect":"0,0,1,1","output":"c.jpg"}"#,
                "stdin:8: input: '-' is not allowed"
            ),
            (#"{"id":9,"command":"crop","input":"a.jpg","rect":"0,0,1,1","output":"a.jpg"}"#, "stdin:9: "),
        ]
        for (line, error) in bad {
            try client.send(line: line)
            let answer = try client.answer()
            #expect(answer["status"] as? String == "failed")
            let text = answer["error"] as? String ?? ""
            #expect(text.hasPrefix(error), "\(answer)")
            #expect(!text.contains("UsageError"), "\(answer)")
        }
        try client.send(BatchModeTests.crop(10, "a.jpg", "good.jpg"))
        #expect(try client.answer()["status"] as? String == "done")
        let end = try client.finish()
        #expect(end.status == 1)
        #expect(
            BatchModeTests.bytes(scratch, "a.jpg") == FileManager.default.contents(atPath: WorkerCrashTests.photo.path))
    }

    @Test(arguments: [
        #""job-1""#, "42", "-7", "1.5", "true", "false", "null", #"[1,"a",null]"#, #"{"a":1,"b":[true]}"#,
    ])
    func anIdOfAnyJSONTypeIsEchoed(id: String) throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg"])
        let client = try BatchClient([], in: scratch)
        try client.send(line: #"{"id":\#(id),"command":"crop","input":"a.jpg","rect":"0,0,0.5,0.5","output":"c.jpg"}"#)
        let line = client.answerLine() ?? ""
        #expect(line.hasPrefix(#"{"id":\#(id),"#), "\(line)")
        try client.send(line: #"{"id":\#(id),"command":"nope"}"#)
        #expect((client.answerLine() ?? "").hasPrefix(#"{"id":\#(id),"#))
        #expect(try client.finish().status == 1)
    }

    @Test func concurrentJobsAnswerOutOfOrderAndACrashFailsOnlyItsJob() throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["slow.jpg", "a.jpg", "boom.jpg"])
        let client = try BatchClient(
            ["--jobs", "2", "--timeout", "3"], in: scratch,
            environment: ["LIGHTBOX_FAULT": "hang:slow.jpg,abort:boom.jpg"])
        try client.send(BatchModeTests.crop("slow", "slow.jpg", "slow-crop.jpg"))
        try client.send(BatchModeTests.crop("fast", "a.jpg", "fast-crop.jpg"))
        let first = try client.answer()
        #expect(first["id"] as? String == "fast")
        #expect(first["status"] as? String == "done")
        try client.send(BatchModeTests.crop("boom", "boom.jpg", "boom-crop.jpg"))
        let crashed = try client.answer()
        #expect(crashed["id"] as? String == "boom")
        #expect(
            (crashed["error"] as? String ?? "").contains("stdin:3: boom.jpg: the decoder crashed (SIGABRT)"),
            "\(crashed)")
        try client.send(BatchModeTests.crop("after", "a.jpg", "after-crop.jpg"))
        var rest = [try client.answer(), try client.answer()]
        rest.sort { ($0["id"] as? String ?? "") < ($1["id"] as? String ?? "") }
        #expect(rest.map { $0["id"] as? String } == ["after", "slow"])
        #expect(rest.map { $0["status"] as? String } == ["done", "failed"])
        #expect((rest[1]["error"] as? String ?? "").contains("timed out after 3 s"))
        let end = try client.finish()
        #expect(end.status == 1)
        #expect(try scratch.contents() == ["a.jpg", "after-crop.jpg", "boom.jpg", "fast-crop.jpg", "slow.jpg"])
    }

    @Test func sigtermStopsTakingJobsKillsTheWorkersAndExits143() throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["hung.jpg"])
        let client = try BatchClient(["--jobs", "1"], in: scratch, environment: ["LIGHTBOX_FAULT": "hang:hung.jpg"])
        try client.send(BatchModeTests.crop(1, "hung.jpg", "hung-crop.jpg"))
        try Poll.until(within: 10) { try scratch.contents().contains { $0.hasPrefix(".hung-crop.lightbox-") } }
        let workers = WorkerSignalTests.children(of: client.process.processIdentifier)
        #expect(!workers.isEmpty)
        kill(client.process.processIdentifier, SIGTERM)
        let end = try client.finish()
        #expect(end.status == 143)
        #expect(end.stderr.contains("interrupted by SIGTERM: 0 done, 0 failed"), "\(end.stderr)")
        #expect(try scratch.contents() == ["hung.jpg"])
        for worker in workers { #expect(kill(worker, 0) != 0, "worker \(worker) still runs") }
    }

    @Test func theEndOfInputWaitsForJobsInFlightAndABadDefaultIsAUsageError() throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg"])
        let jobs = (1...4).map { index in
            String(
                decoding: try! JSONSerialization.data(
                    withJSONObject: BatchModeTests.crop(index, "a.jpg", "c\(index).jpg"), options: [.sortedKeys]),
                as: UTF8.self)
        }
        try Data((jobs.joined(separator: "\n") + "\n").utf8).write(to: scratch.url.appendingPathComponent("jobs.jsonl"))
        let run = try CommandRunner.run(["batch", "jobs.jsonl", "--jobs", "2"], in: scratch.url)
        #expect(run.status == 0)
        #expect(
            Set(
                run.lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                    .compactMap { $0["id"] as? Int }) == [1, 2, 3, 4])
        let usage = try CommandRunner.run(["batch", "--quality", "500"], in: scratch.url)
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("--quality"))
    }
}
