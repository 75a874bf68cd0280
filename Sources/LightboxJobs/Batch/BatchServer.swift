import Foundation
import LightboxFormats
import LightboxRender
import LightboxSystem

/// The supervisor's side of `lightbox batch`: reads job lines as they arrive (each at most
/// `--max-line` bytes; a longer one is read past and answered failed), builds each job once
/// (`BatchLine`), runs it as the commands run theirs (`JobRunner`: the output checked here, the
/// pixels in a worker, a board's photos each in a worker), and writes each answer line on stdout,
/// flushed, as soon as the job is done, with the job's own warnings in it.
package final class BatchServer: @unchecked Sendable {
    /// Builds the jobs.
    private let reader: BatchLine
    /// The workers every job runs in.
    private let pool: WorkerPool
    /// What every worker is told besides its job.
    private let context: WorkerContext
    /// The check of each output before its job runs.
    private let check: OutputCheck
    /// The supervisor's memory for drawing boards, shared by the boards in flight.
    private let budget = DrawingBudget(total: BatchLimits.drawingBudget)
    /// Guards the counts.
    private let lock = NSLock()
    /// Held while an answer line is written, so lines never mix.
    private let writing = NSLock()
    /// Jobs answered as done and as failed.
    private var done = 0, failed = 0
    /// Jobs in flight: taken before a job starts, given back when its answer is out.
    private let slots: DispatchSemaphore
    /// Every job started, so the end of input waits for those in flight.
    private let group = DispatchGroup()

    /// Makes the server: up to `concurrency` jobs at once, in the workers of `pool`.
    package init(reader: BatchLine, pool: WorkerPool, context: WorkerContext, check: OutputCheck, concurrency: Int) {
        self.reader = reader
        self.pool = pool
        self.context = context
        self.check = check
        slots = DispatchSemaphore(value: max(1, concurrency))
    }

    /// Makes this process hand freed buffers of over 128 KB back to the system at once; call it
    /// once the workers are forked (they keep glibc's defaults), before the server's threads start.
    ///
    /// glibc raises its mmap threshold after a large buffer is freed (up to 32 MB), so the buffers
    /// of the next board stay in the heap once freed: boards drawn one after another took 272 MB
    /// where each alone took at most 142 (`BatchLimitTests`); with the threshold fixed, 225.
    package static func returnFreedMemory() {
        // Swift's Glibc module leaves out malloc.h: glibc's `mallopt`, looked up by name, with
        // M_MMAP_THRESHOLD (-3), which setting also stops the threshold from moving.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(-3, 128 << 10)
    }

    /// Jobs answered as done (or skipped) and as failed so far.
    package var tally: (done: Int, failed: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (done, failed)
    }

    /// The counts printed when a signal stops the batch.
    package var counts: String {
        lock.lock()
        defer { lock.unlock() }
        return "\(done) done, \(failed) failed"
    }

    /// Reads `descriptor` line by line until its end, starting each job as its line arrives, then
    /// waits for the jobs in flight.
    package func serve(_ descriptor: Int32) {
        var lines = LineReader(descriptor: descriptor, limit: reader.limits.line)
        while let next = lines.next() {
            switch next {
            case .line(let line): start(line)
            case .tooLong(let number, let head, let length):
                answer(reader.tooLong(number: number, head: head, length: length))
            }
        }
        group.wait()
    }

    /// Builds a line's job and, if it is one, runs it on another thread.
    private func start(_ line: JSONLines.Line) {
        let request: BatchRequest
        switch reader.read(line) {
        case .failure(let failure):
            answer(failure)
            return
        case .success(let value): request = value
        }
        slots.wait()
        group.enter()
        DispatchQueue.global().async {
            self.answer(self.run(request))
            self.slots.signal()
            self.group.leave()
        }
    }

    /// Runs `request`'s job with a console of its own, whose warnings go into its answer; a board
    /// first waits for room in the drawing budget.
    private func run(_ request: BatchRequest) -> BatchAnswer {
        let console = Console(keepingWarnings: ())
        let runner = JobRunner(
            executor: WorkerExecutor(pool: pool, console: console, timeout: request.timeout), concurrency: 1,
            context: context, check: check)
        let start = DispatchTime.now().uptimeNanoseconds
        var records: [BatchRecord] = []
        if let job = request.job {
            var drawing = 0.0
            if case .board(let board) = job { drawing = board.plan.drawingBytes }
            budget.whileHolding(drawing) { runner.execute(job) { records.append($0) } }
        }
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        return BatchAnswer(
            request: request, records: records, milliseconds: milliseconds,
            warnings: request.warnings + console.warnings)
    }

    /// Writes one answer line on stdout at once and counts it; a closed stdout stops the batch
    /// (its reader is gone: every answer after would be lost).
    ///
    /// The line is written under `writing`, not `lock`: a reader that stops reading blocks the
    /// write, and a signal's summary must still read the counts.
    private func answer(_ answer: BatchAnswer) {
        lock.lock()
        if answer.done { done += 1 } else { failed += 1 }
        lock.unlock()
        writing.lock()
        let failure = StandardOutput.write(answer.line + "\n")
        writing.unlock()
        if let failure { Interrupts.stdoutFailed(failure) }
    }
}
