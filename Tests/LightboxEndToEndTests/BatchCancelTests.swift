import Foundation
import Testing

/// `{"command":"cancel","id":ID}` on `lightbox batch`'s stdin gives up the jobs of ID in flight: a
/// running one as its timeout would (worker killed and replaced, temp file removed, no output), a
/// waiting one without running; the cancel's own answer comes after theirs, and names no job.
@Suite(.processes) struct BatchCancelTests {
    /// A cancel line for `id`.
    static func cancel(_ id: Any) -> [String: Any] {
        ["command": "cancel", "id": id]
    }

    /// A scratch folder with `a.jpg`, `hung.jpg` (on which the workers hang) and an empty `out`.
    static func scratch() throws -> Scratch {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg", "hung.jpg"])
        try FileManager.default.createDirectory(atPath: scratch.path("out"), withIntermediateDirectories: true)
        return scratch
    }

    /// A server of one worker that hangs on `hung.jpg`; its timeout bounds a test whose cancel fails.
    static func server(_ scratch: Scratch) throws -> BatchClient {
        try BatchClient(
            ["--jobs", "1", "--timeout", "30"], in: scratch, environment: ["LIGHTBOX_FAULT": "hang:hung.jpg"])
    }

    /// The names in `scratch`'s `out` folder, hidden ones too.
    static func out(_ scratch: Scratch) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: scratch.path("out"))) ?? []).sorted()
    }

    /// The answer of a cancel that gave up `jobs` jobs of `id`.
    static func expectGaveUp(_ answer: [String: Any], id: String, jobs: Int) {
        #expect(answer["id"] as? String == id, "\(answer)")
        #expect(answer["command"] as? String == "cancel", "\(answer)")
        #expect(answer["status"] as? String == "done", "\(answer)")
        #expect(answer["jobs"] as? Int == jobs, "\(answer)")
    }

    @Test(arguments: [
        ["command": "crop", "input": "hung.jpg", "rect": "0.1,0.2,0.5,0.4", "output": "out/h.jpg"],
        ["command": "view", "input": "hung.jpg", "screen": "390x844", "output": "out/v.jpg"],
    ])
    func aRunningJobIsStoppedAsItsTimeoutWouldStopIt(job: [String: String]) throws {
        let scratch = try Self.scratch()
        let client = try Self.server(scratch)
        try client.send(job.merging(["id": "hung"]) { $1 })
        // The worker hangs having begun its temp file: the job runs.
        #expect(Poll.until(within: 10) { Self.out(scratch).contains { $0.contains(".lightbox-") } })
        let workers = WorkerSignalTests.children(of: client.process.processIdentifier)
        #expect(workers.count == 1)
        try client.send(Self.cancel("hung"))
        let answer = try client.answer()
        #expect(answer["id"] as? String == "hung")
        #expect(answer["status"] as? String == "failed")
        #expect(BatchClient.text(answer["error"]) == "stdin:1: hung.jpg: cancelled by its client", "\(answer)")
        Self.expectGaveUp(try client.answer(), id: "hung", jobs: 1)
        #expect(Self.out(scratch) == [])
        for worker in workers { #expect(kill(worker, 0) != 0, "worker \(worker) still runs") }
        try client.send(BatchModeTests.crop("next", "a.jpg", "out/next.jpg"))
        let next = try client.answer()
        #expect(next["status"] as? String == "done", "\(next)")
        let now = WorkerSignalTests.children(of: client.process.processIdentifier)
        #expect(now.count == 1 && Set(now).isDisjoint(with: workers), "\(now) after \(workers)")
        let end = try client.finish()
        #expect(end.status == 1)
        #expect(end.stderr.contains("1 done, 1 failed"), "\(end.stderr)")
        #expect(Self.out(scratch) == ["next.jpg"])
    }

    @Test func aWaitingJobIsAnsweredWithoutRunning() throws {
        let scratch = try Self.scratch()
        let client = try Self.server(scratch)
        try client.send(BatchModeTests.crop(1, "hung.jpg", "out/1.jpg"))
        try client.send(BatchModeTests.crop(2, "a.jpg", "out/2.jpg"))
        try client.send(Self.cancel(2))
        let waiting = try client.answer()
        #expect(waiting["id"] as? Int == 2)
        #expect(waiting["status"] as? String == "failed")
        #expect(BatchClient.text(waiting["error"]) == "stdin:2: cancelled by its client before it started")
        let gaveUp = try client.answer()
        #expect(gaveUp["id"] as? Int == 2 && gaveUp["command"] as? String == "cancel" && gaveUp["jobs"] as? Int == 1)
        #expect(Poll.until(within: 10) { Self.out(scratch).contains { $0.contains(".lightbox-") } })
        try client.send(Self.cancel(1))
        let running = try client.answer()
        #expect(running["id"] as? Int == 1)
        #expect(BatchClient.text(running["error"]) == "stdin:1: hung.jpg: cancelled by its client", "\(running)")
        #expect(try client.answer()["command"] as? String == "cancel")
        try client.send(BatchModeTests.crop(3, "a.jpg", "out/3.jpg"))
        #expect(try client.answer()["status"] as? String == "done")
        let end = try client.finish()
        #expect(end.status == 1)
        #expect(end.stderr.contains("1 done, 2 failed"), "\(end.stderr)")
        #expect(Self.out(scratch) == ["3.jpg"])
    }

    @Test func aCancelOfAJobNotInFlightIsAnsweredAndCountsAsNoJob() throws {
        let scratch = try Self.scratch()
        let client = try Self.server(scratch)
        try client.send(Self.cancel("nope"))
        let unknown = try client.answer()
        #expect(unknown["id"] as? String == "nope" && unknown["command"] as? String == "cancel")
        #expect(unknown["status"] as? String == "failed")
        #expect(
            BatchClient.text(unknown["error"])
                == #"stdin:1: cancel: no job with id "nope" is queued or running (unknown, or already answered)"#)
        try client.send(BatchModeTests.crop(5, "a.jpg", "out/5.jpg"))
        #expect(try client.answer()["status"] as? String == "done")
        try client.send(Self.cancel(5))
        let answered = try client.answer()
        #expect(answered["id"] as? Int == 5 && answered["command"] as? String == "cancel")
        #expect(BatchClient.text(answered["error"]).hasPrefix("stdin:3: cancel: no job with id 5 is queued or running"))
        let bad = [
            (#"{"command":"cancel"}"#, "stdin:4: id: a cancel names the job to give up by its id (null names none)"),
            (
                #"{"command":"cancel","id":5,"force":true}"#,
                "stdin:5: unknown key 'force': a cancel line takes only id and command"
            ),
        ]
        for (line, error) in bad {
            try client.send(line: line)
            let answer = try client.answer()
            #expect(answer["command"] as? String == "cancel" && BatchClient.text(answer["error"]) == error, "\(answer)")
        }
        let end = try client.finish()
        #expect(end.status == 0)
        #expect(end.stderr.contains("1 done, 0 failed"), "\(end.stderr)")
        #expect(Self.out(scratch) == ["5.jpg"])
    }

    @Test func aCancelGivesUpEveryJobOfItsIdABoardAmongThem() throws {
        let scratch = try Self.scratch()
        let client = try Self.server(scratch)
        // The board's worker hangs on its background once its photo is decoded, its temp file begun.
        try client.send([
            "id": "b", "command": "board", "board": [300, 300], "photos": [["id": "a", "path": "a.jpg"]],
            "background": "hung.jpg", "output": "out/b.png",
        ])
        try client.send(BatchModeTests.crop("b", "a.jpg", "out/c.jpg"))
        #expect(Poll.until(within: 10) { Self.out(scratch).contains { $0.contains(".lightbox-") } })
        try client.send(Self.cancel("b"))
        // The board (line 1) and the crop waiting behind it (line 2), in the order they end.
        let answers = [try client.answer(), try client.answer()].sorted {
            BatchClient.text($0["error"]) < BatchClient.text($1["error"])
        }
        #expect(answers.map { $0["id"] as? String } == ["b", "b"])
        #expect(answers[0]["status"] as? String == "failed")
        let board = BatchClient.text(answers[0]["error"])
        #expect(board.hasPrefix("stdin:1: ") && board.hasSuffix("cancelled by its client"), "\(answers[0])")
        #expect(BatchClient.text(answers[1]["error"]) == "stdin:2: cancelled by its client before it started")
        Self.expectGaveUp(try client.answer(), id: "b", jobs: 2)
        try client.send(BatchModeTests.crop("after", "a.jpg", "out/after.jpg"))
        #expect(try client.answer()["status"] as? String == "done")
        #expect(try client.finish().status == 1)
        #expect(Self.out(scratch) == ["after.jpg"])
    }
}
