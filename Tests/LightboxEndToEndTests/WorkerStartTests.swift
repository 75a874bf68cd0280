import Foundation
import Testing

/// A worker that never says it is ready (stopped by SIGSTOP as it starts: a debug build's
/// `LIGHTBOX_FAULT=stop-at-start:FILE` stops one worker per byte of FILE) is killed after
/// `WorkerProcess.readyLimit` and replaced, its job done by the replacement; workers that keep
/// failing to start fail the job saying so; a worker stopped mid-job runs out of its job's time.
@Suite(.processes) struct WorkerStartTests {
    /// A batch client whose first `stops` workers stop themselves before they are ready, and the
    /// file whose bytes are the stops not yet taken.
    static func client(stops: Int, _ arguments: [String], in scratch: Scratch) throws -> (BatchClient, String) {
        let tickets = scratch.path("stops")
        try Data(repeating: 0x78, count: stops).write(to: URL(fileURLWithPath: tickets))
        let client = try BatchClient(
            arguments, in: scratch, environment: ["LIGHTBOX_FAULT": "stop-at-start:\(tickets)"])
        return (client, tickets)
    }

    /// Seconds since `start` (uptime in nanoseconds).
    static func seconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// The one worker stops itself before it is ready: its job is done by a replacement after the
    /// 10 s start deadline, well before a minute, and the server ends at the end of input.
    @Test func aWorkerStoppedAsItStartsIsReplacedAndItsJobDone() throws {
        let scratch = try Scratch()
        _ = try scratch.copy(RootConfinementTests.pattern, as: "p.png")
        let (client, tickets) = try Self.client(stops: 1, ["--jobs", "1", "--timeout", "5"], in: scratch)
        let start = DispatchTime.now().uptimeNanoseconds
        try client.send(RootConfinementTests.crop("stuck", "p.png", "c.png"))
        let answer = try client.answer()
        let waited = Self.seconds(since: start)
        #expect(answer["status"] as? String == "done", "\(answer)")
        // Ten seconds for the stopped worker to say it is ready, then a replacement starts.
        #expect(waited < 40, "\(waited) s")
        #expect(try RootConfinementTests.isCentreQuarter(scratch.path("c.png")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: tickets)).isEmpty)
        let end = try client.finish()
        #expect(end.status == 0, "\(end.stderr)")
        #expect(end.stderr == "1 done, 0 failed\n", "\(end.stderr)")
    }

    /// Three workers in a row that do not start fail the job with the reason; the server stays up
    /// for the next job and ends at the end of input (the fourth, idle and stopped, is killed).
    @Test func workersThatNeverStartFailTheJobSayingWhy() throws {
        let scratch = try Scratch()
        _ = try scratch.copy(RootConfinementTests.pattern, as: "p.png")
        let (client, _) = try Self.client(stops: 100, ["--jobs", "1", "--timeout", "5"], in: scratch)
        try client.send(RootConfinementTests.crop("never", "p.png", "c.png"))
        let answer = try client.answer()
        #expect(answer["status"] as? String == "failed", "\(answer)")
        let reason =
            "p.png: no worker process could be started: 3 workers in a row did not start; the last said nothing "
            + "within 10 s (stopped or stuck) (each has 10 s to say it is ready)"
        #expect(BatchClient.text(answer["error"]).hasSuffix(reason), "\(answer)")
        let end = try client.finish()
        #expect(end.status == 1)
        #expect(end.stderr == "0 done, 1 failed\n", "\(end.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("c.png")))
    }

    /// A worker stopped (SIGSTOP) while idle is given a job larger than a pipe holds: the job's
    /// clock covers the request's write and the answer, so the job times out, the worker is
    /// killed and replaced, and the next job is done.
    @Test func aWorkerStoppedMidJobRunsOutOfTheJobsTime() throws {
        let scratch = try Scratch()
        _ = try scratch.copy(RootConfinementTests.pattern, as: "p.png")
        let client = try BatchClient(["--jobs", "1", "--timeout", "2"], in: scratch)
        try client.send(RootConfinementTests.crop("warm", "p.png", "warm.png"))
        #expect(try client.answer()["status"] as? String == "done")
        let stopped = WorkerSignalTests.children(of: client.process.processIdentifier)
        #expect(stopped.count == 1)
        for worker in stopped { kill(worker, SIGSTOP) }
        // 950 outputs of about 150 bytes each (their resolved paths): over the 64 KB a pipe holds.
        let crops = (0..<950).map { index -> [String: Any] in
            [
                "rect": "0,0,0.5,0.5",
                "output": "a-rather-long-name-for-one-crop-of-a-request-larger-than-a-pipe-\(index).png",
            ]
        }
        let start = DispatchTime.now().uptimeNanoseconds
        try client.send(["id": "big", "command": "crop", "input": "p.png", "crops": crops])
        let big = try client.answer()
        #expect(Self.seconds(since: start) < 20)
        #expect(big["status"] as? String == "failed", "\(BatchClient.text(big["error"]))")
        #expect(BatchClient.text(big["error"]).hasSuffix("p.png: timed out after 2 s"), "\(big["error"] ?? "")")
        try client.send(RootConfinementTests.crop("after", "p.png", "after.png"))
        #expect(try client.answer()["status"] as? String == "done")
        #expect(WorkerSignalTests.children(of: client.process.processIdentifier).allSatisfy { !stopped.contains($0) })
        let end = try client.finish()
        #expect(end.status == 1)
        #expect(end.stderr == "2 done, 1 failed\n", "\(end.stderr)")
    }
}
