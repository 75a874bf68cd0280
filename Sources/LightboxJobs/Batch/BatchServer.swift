import Foundation
import LightboxFormats
import LightboxRender

/// The supervisor's side of `lightbox batch`: reads job lines as they arrive, builds each job once
/// (`BatchLine`), runs it as the commands run theirs (`JobRunner`: the output checked here, the
/// pixels in a worker, a board's photos each in a worker), and writes each answer line on stdout,
/// flushed, as soon as the job is done.
package final class BatchServer: @unchecked Sendable {
    /// Builds the jobs.
    private let reader: BatchLine
    /// Runs them.
    private let runner: JobRunner
    /// Where warnings go.
    private let console: Console
    /// Guards the counts.
    private let lock = NSLock()
    /// Held while an answer line is written, so lines never mix.
    private let writing = NSLock()
    /// Jobs answered as done and as failed.
    private var done = 0, failed = 0
    /// Whether the warning that a lossless cut may unsquare a square was given (once per batch).
    private var warnedSquareSnap = false
    /// Jobs in flight: taken before a job starts, given back when its answer is out.
    private let slots: DispatchSemaphore
    /// Every job started, so the end of input waits for those in flight.
    private let group = DispatchGroup()

    /// Makes the server.
    package init(reader: BatchLine, runner: JobRunner, console: Console) {
        self.reader = reader
        self.runner = runner
        self.console = console
        slots = DispatchSemaphore(value: runner.concurrency)
    }

    /// Whether every job was done.
    package var allDone: Bool {
        lock.lock()
        defer { lock.unlock() }
        return failed == 0
    }

    /// The counts printed when a signal stops the batch.
    package var counts: String {
        lock.lock()
        defer { lock.unlock() }
        return "\(done) done, \(failed) failed"
    }

    /// Reads `stream` line by line until its end, starting each job as its line arrives, then
    /// waits for the jobs in flight.
    package func serve(_ stream: UnsafeMutablePointer<FILE>) {
        JSONLines.forEachLine(in: stream) { number, line in start(line, number: number) }
        group.wait()
    }

    /// Builds a line's job and, if it is one, runs it on another thread.
    private func start(_ line: String, number: Int) {
        let request: BatchRequest
        switch reader.read(line, number: number, warn: { console.warning($0) }) {
        case .failure(let failure):
            answer(failure)
            return
        case .success(let value): request = value
        }
        if case .crop(let crop)? = request.job, crop.snapsASquare { warnSquareSnapOnce() }
        slots.wait()
        group.enter()
        DispatchQueue.global().async {
            let start = DispatchTime.now().uptimeNanoseconds
            var records: [BatchRecord] = []
            if let job = request.job { self.runner.execute(job) { records.append($0) } }
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            self.answer(BatchAnswer(request: request, records: records, milliseconds: milliseconds))
            self.slots.signal()
            self.group.leave()
        }
    }

    /// Says once per batch that lossless cuts snap to the JPEG's blocks, so a square may not stay square.
    private func warnSquareSnapOnce() {
        lock.lock()
        let first = !warnedSquareSnap
        warnedSquareSnap = true
        lock.unlock()
        if first { console.warning(CropJob.squareSnapWarning) }
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
