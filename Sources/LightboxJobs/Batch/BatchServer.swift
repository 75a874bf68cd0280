import Foundation
import LightboxFormats
import LightboxRender
import LightboxSystem
import LightboxWorkers

/// The supervisor's side of `lightbox batch`: reads job lines as they arrive (each at most
/// `--max-line` bytes; a longer one is read past and answered failed), builds each job once
/// (`BatchLine`), runs it as the commands run theirs (`JobRunner`: the output checked here, the
/// pixels in a worker, a board's photos each in a worker), and writes each answer line on stdout,
/// flushed, as soon as the job is done, with the job's own warnings in it. A cancel line
/// (`BatchCancel`) gives up the jobs in flight of its id (`BatchQueue`).
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
    /// The job threads that have not yet written their answer (and their cancels'), waited for at the end.
    private let answering = DispatchGroup()
    /// Jobs answered as done and as failed.
    private var done = 0, failed = 0
    /// The jobs in flight: up to `concurrency` running and as many waiting, found by id.
    private let queue: BatchQueue

    /// Makes the server: up to `concurrency` jobs at once, in the workers of `pool`.
    package init(reader: BatchLine, pool: WorkerPool, context: WorkerContext, check: OutputCheck, concurrency: Int) {
        self.reader = reader
        self.pool = pool
        self.context = context
        self.check = check
        queue = BatchQueue(concurrency: concurrency)
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

    /// Reads `descriptor` line by line until its end, starting each job as its line arrives (or
    /// queueing it while every slot is taken), then waits for the jobs in flight.
    ///
    /// A job read while `concurrency` jobs already wait holds the reading until one starts, so the
    /// supervisor keeps at most that many jobs besides those running; a cancel line behind it is
    /// read then.
    package func serve(_ descriptor: Int32) {
        var lines = LineReader(descriptor: descriptor, limit: reader.limits.line)
        while let next = lines.next() {
            switch next {
            case .line(let line): take(line)
            case .tooLong(let number, let head, let length):
                answer(
                    reader.tooLong(number: number, head: head, length: length), counted: !BatchCancel.isCancel(head))
            }
        }
        queue.waitUntilEmpty()
        // A job leaves the queue just before its answer is written: wait for the threads to end.
        answering.wait()
    }

    /// Builds a line's job and queues it, or gives up the jobs a cancel line names.
    private func take(_ line: JSONLines.Line) {
        if let cancel = BatchCancel.read(line, label: reader.label) {
            switch cancel {
            case .failure(let failure): answer(failure, counted: false)
            case .success(let cancel): give(up: cancel)
            }
            return
        }
        switch reader.read(line) {
        case .failure(let failure): answer(failure)
        case .success(let request):
            queue.waitForRoom()
            start(queue.add(request))
        }
    }

    /// Runs each of `entries` on a thread of its own; each, once answered, leaves its slot to the next.
    private func start(_ entries: [BatchQueue.Entry]) {
        for entry in entries {
            answering.enter()
            DispatchQueue.global().async {
                self.finish(entry, self.run(entry.request, cancel: entry.cancel))
                self.answering.leave()
            }
        }
    }

    /// Gives up the jobs in flight of `cancel`'s id: the waiting ones are answered here without
    /// running, the running ones stopped by their switch and answered by their own thread. The
    /// cancel is answered after them (`finish`), or at once when it found none.
    ///
    /// The jobs are looked up under `writing`, as a job leaves the queue (`finish`): a job whose
    /// answer is out is not found, and one found is not yet answered.
    private func give(up cancel: BatchCancel) {
        writing.lock()
        guard let dropped = queue.cancel(cancel) else {
            let failure = write(cancel.answer(found: 0, gaveUp: 0, label: reader.label))
            writing.unlock()
            if let failure { Interrupts.stdoutFailed(failure) }
            return
        }
        writing.unlock()
        for entry in dropped { finish(entry, notStarted(entry.request)) }
    }

    /// The answer of `request`'s job, cancelled before it started.
    private func notStarted(_ request: BatchRequest) -> BatchAnswer {
        let error = "\(reader.label):\(request.line): \(WorkerFailure.cancelledReason) before it started"
        return BatchAnswer(id: request.id, failed: error, warnings: request.warnings)
    }

    /// Takes `entry` out of the queue and writes its answer, both under `writing` (so a cancel
    /// finds a job until its answer is out, and only until then), then the answers of the cancels
    /// that waited for it, and starts the jobs its slot lets start.
    private func finish(_ entry: BatchQueue.Entry, _ line: BatchAnswer) {
        count(line)
        writing.lock()
        let (cancels, next) = queue.remove(entry)
        let failure = write(line)
        writing.unlock()
        if let failure { Interrupts.stdoutFailed(failure) }
        for pending in cancels {
            answer(
                pending.cancel.answer(found: pending.found, gaveUp: pending.gaveUp, label: reader.label),
                counted: false)
        }
        start(next)
    }

    /// Runs `request`'s job with a console of its own, whose warnings go into its answer, and
    /// `cancel` as its switch; a board first waits for room in the drawing budget.
    private func run(_ request: BatchRequest, cancel: WorkerCancel) -> BatchAnswer {
        if cancel.isPulled {
            cancel.noteStopped()
            return notStarted(request)
        }
        let console = Console(keepingWarnings: ())
        let runner = JobRunner(
            executor: WorkerExecutor(pool: pool, console: console, timeout: request.timeout, cancel: cancel),
            concurrency: 1, context: context, check: check)
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

    /// Writes one answer line on stdout at once and counts it as a job's (`counted`; a cancel
    /// line's answer is no job's); a closed stdout stops the batch (its reader is gone: every
    /// answer after would be lost).
    ///
    /// The line is written under `writing`, not `lock`: a reader that stops reading blocks the
    /// write, and a signal's summary must still read the counts.
    private func answer(_ answer: BatchAnswer, counted: Bool = true) {
        if counted { count(answer) }
        writing.lock()
        let failure = write(answer)
        writing.unlock()
        if let failure { Interrupts.stdoutFailed(failure) }
    }

    /// Counts a job's `answer` as done or failed.
    private func count(_ answer: BatchAnswer) {
        lock.lock()
        defer { lock.unlock() }
        if answer.done { done += 1 } else { failed += 1 }
    }

    /// Writes `answer`'s line, `writing` held; why the write failed, or nil.
    private func write(_ answer: BatchAnswer) -> String? {
        StandardOutput.write(answer.line + "\n")
    }
}
