import Foundation
import LightboxFormats
import LightboxWorkers

/// The supervisor's side of `lightbox batch`: reads job lines as they arrive, runs each in a
/// worker, and writes each answer line on stdout, flushed, as soon as it is done.
final class BatchServer: @unchecked Sendable {
    /// The workers that run the jobs.
    let pool: WorkerPool
    /// Reads the job lines the supervisor checks before sending (the envelope).
    let runner: BatchJobRunner
    /// Jobs in flight at once.
    let jobs: Int
    /// Guards the counts and stdout.
    private let lock = NSLock()
    /// Jobs answered as done and as failed.
    private var done = 0, failed = 0
    /// Jobs in flight: taken before a job starts, given back when its answer is out.
    private let slots: DispatchSemaphore
    /// Every job started, so the end of input waits for those in flight.
    private let group = DispatchGroup()

    /// Makes the server for `pool`.
    init(pool: WorkerPool, runner: BatchJobRunner, jobs: Int) {
        self.pool = pool
        self.runner = runner
        self.jobs = jobs
        slots = DispatchSemaphore(value: jobs)
    }

    /// Whether every job was done.
    var allDone: Bool {
        lock.lock()
        defer { lock.unlock() }
        return failed == 0
    }

    /// The counts printed when a signal stops the batch.
    var counts: String {
        lock.lock()
        defer { lock.unlock() }
        return "\(done) done, \(failed) failed"
    }

    /// Reads `stream` line by line until its end, starting each job as its line arrives, then
    /// waits for the jobs in flight.
    func serve(_ stream: UnsafeMutablePointer<FILE>) {
        JSONLines.forEachLine(in: stream) { number, line in start(line, number: number) }
        group.wait()
    }

    /// Checks a line's envelope and, if it holds, runs its job in a worker on another thread.
    private func start(_ line: String, number: Int) {
        let job: BatchJob
        switch BatchJob.read(line, number: number, label: runner.label) {
        case .failure(let failure):
            answer(failure)
            return
        case .success(let value): job = value
        }
        slots.wait()
        group.enter()
        DispatchQueue.global().async {
            self.answer(self.run(job))
            self.slots.signal()
            self.group.leave()
        }
    }

    /// Sends `job` to a worker and returns its answer; a worker that dies or times out fails only this job.
    private func run(_ job: BatchJob) -> BatchAnswer {
        var request = WireWriter()
        job.write(to: &request)
        let folders = job.output.map { [URL(fileURLWithPath: $0).deletingLastPathComponent().path] } ?? []
        let start = DispatchTime.now().uptimeNanoseconds
        switch pool.perform(request.bytes, folders: folders) {
        case .failure(let failure):
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            return job.failed(
                "\(runner.label):\(job.number): \(job.input.map { "\($0): " } ?? "")\(failure.reason)",
                milliseconds: milliseconds)
        case .success(let bytes):
            var reader = WireReader(bytes)
            guard let answer = try? BatchAnswer.read(from: &reader, id: job.id) else {
                return job.failed(
                    "\(runner.label):\(job.number): a worker gave an answer that could not be read", milliseconds: 0)
            }
            return answer
        }
    }

    /// Writes one answer line on stdout at once and counts it.
    private func answer(_ answer: BatchAnswer) {
        lock.lock()
        defer { lock.unlock() }
        if answer.done { done += 1 } else { failed += 1 }
        try? FileHandle.standardOutput.write(contentsOf: Data((answer.line + "\n").utf8))
    }
}
