import Foundation
import LightboxGeometry
import LightboxRender
import LightboxSystem
import LightboxWorkers
import Vips

/// The supervisor's workers for one run: a request goes to an idle worker; a worker that dies or
/// runs past the timeout fails only that request, its temp files are removed and it is replaced.
///
/// A worker is given a request only once it has said it is ready: one that has not within
/// `WorkerProcess.readyLimit` of its start (stopped by SIGSTOP, stuck) is killed and replaced,
/// and the request goes to the replacement, up to `startAttempts` workers in a row; then the
/// request fails, saying so, rather than waiting for ever on workers that cannot start.
package final class WorkerPool: @unchecked Sendable {
    /// The pool of this process, which an interrupt stops.
    nonisolated(unsafe) private static var current: WorkerPool?

    /// Seconds one request may take (0: no limit).
    package let timeout: Double
    /// Each worker's memory limit in megabytes (0: no limit).
    package let memoryMegabytes: Int
    /// Guards the worker lists and `stopping`; waited on for an idle worker.
    private let condition = NSCondition()
    /// Workers waiting for a request.
    private var idle: [WorkerProcess] = []
    /// Busy workers and the folders their request writes into.
    private var busy: [pid_t: (worker: WorkerProcess, folders: [String])] = [:]
    /// Set by an interrupt: no worker is handed out or replaced any more.
    private var stopping = false
    /// Workers that may fail to start in a row for one request before it fails: one stopped or
    /// stuck start is an accident (a stray SIGSTOP), three in a row say workers cannot start on
    /// this machine now, and bound the request's wait to three `WorkerProcess.readyLimit`s.
    package static let startAttempts = 3

    /// Starts `count` workers, each under `memoryMegabytes` of data (0: no limit): forked while
    /// this process is single-threaded (call it before libvips or any thread starts), spawned
    /// otherwise. Every worker runs `JobWorkerTask`.
    package init(count: Int, timeout: Double, memoryMegabytes: Int = 0) {
        let task = JobWorkerTask()
        self.timeout = timeout
        self.memoryMegabytes = memoryMegabytes
        signal(SIGPIPE, SIG_IGN)
        Interrupts.hold()
        let forking = WorkerLauncher.isSingleThreaded
        for _ in 0..<max(1, count) {
            let started =
                forking
                ? WorkerLauncher.fork(task, closing: idle.flatMap(\.descriptors), memoryMegabytes: memoryMegabytes)
                : WorkerLauncher.spawn(memoryMegabytes: memoryMegabytes)
            if let started { idle.append(started) }
        }
        WorkerPool.current = self
    }

    /// What a worker made of a request: its answer or why there is none, whether the worker was
    /// fresh (it had served no request before, so nothing of another job was in it), and whether
    /// the request went over the memory limit (the worker died of it, or left after answering).
    package struct Outcome {
        /// The answer, or why there is none.
        package let result: Result<[UInt8], WorkerFailure>
        /// Whether the worker had answered no request before this one.
        package let fresh: Bool
        /// Whether the request went over the worker's memory limit.
        package let overMemory: Bool
    }

    /// Sends `request` to a worker (a fresh one when `fresh`); `folders` are where it may leave
    /// temp files if it dies, and `interim` gets the messages it sends ahead of its answer. A
    /// worker that answered for the last time (it went over its memory limit) is waited for and
    /// replaced, as is one that died. `timeout` (a job's own, at most the pool's) replaces the
    /// pool's when given; what the worker wrote on stderr goes to `stderr` when given (a batch
    /// job's answer), else to this process's stderr. Once `cancel` is pulled the request is not
    /// sent, or its worker is killed and replaced as at a timeout (`WorkerFailure.cancelled`).
    package func perform(
        _ request: [UInt8], folders: [String], fresh: Bool = false, timeout: Double? = nil,
        cancel: WorkerCancel? = nil, stderr: ((String) -> Void)? = nil, interim: ([UInt8]) -> Void = { _ in }
    ) -> Outcome {
        let cancelled = Outcome(result: .failure(.cancelled), fresh: fresh, overMemory: false)
        if let cancel, cancel.isPulled {
            cancel.noteStopped()
            return cancelled
        }
        let worker: WorkerProcess
        switch checkOut(folders: folders, fresh: fresh) {
        case .success(let ready): worker = ready
        case .failure(let failure): return Outcome(result: .failure(failure), fresh: fresh, overMemory: false)
        }
        if let cancel, cancel.isPulled {
            // Pulled while this waited for a worker: it goes back idle, given nothing.
            checkIn(worker, replacing: nil)
            cancel.noteStopped()
            return cancelled
        }
        let wasFresh = worker.served == 0
        let result = perform(
            request, on: worker, folders: folders, timeout: timeout ?? self.timeout, cancel: cancel, stderr: stderr,
            interim: interim)
        var died = false
        if case .failure(.overMemory) = result { died = true }
        return Outcome(result: result, fresh: wasFresh, overMemory: worker.isRetiring || died)
    }

    /// Whether `reason` is the one an item gets for going over this pool's memory limit.
    package func isOverMemory(_ reason: String?) -> Bool {
        memoryMegabytes > 0 && reason == MemoryLimit.reason(megabytes: memoryMegabytes)
    }

    /// `perform`'s work on a worker checked out.
    private func perform(
        _ request: [UInt8], on worker: WorkerProcess, folders: [String], timeout: Double, cancel: WorkerCancel?,
        stderr: ((String) -> Void)?, interim: ([UInt8]) -> Void
    ) -> Result<[UInt8], WorkerFailure> {
        let (answer, written) = worker.perform(request, timeout: timeout, cancel: cancel, interim: interim)
        let result = answer.mapError { $0.underMemoryLimit(memoryMegabytes) }
        if case .success = result, !written.isEmpty {
            if let stderr {
                stderr(written)
            } else {
                try? FileHandle.standardError.write(contentsOf: Data(written.utf8))
            }
        }
        if case .success = result {
            guard worker.isRetiring else {
                checkIn(worker, replacing: nil)
                return result
            }
            worker.finish()
        } else {
            for folder in folders { TempFiles.shared.removeFiles(of: worker.pid, in: folder) }
            worker.close()
        }
        checkIn(isStopping ? nil : WorkerLauncher.spawn(memoryMegabytes: memoryMegabytes), replacing: worker)
        return result
    }

    /// Whether an interrupt is stopping the pool, read under the lock.
    private var isStopping: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopping
    }

    /// Takes an idle worker that is ready, waiting for one, or why there is none. A worker that
    /// died while idle (killed from outside) is replaced before it is given anything, and so is
    /// one that has served a request when a `fresh` one is asked for, or that does not say it is
    /// ready in time (`WorkerProcess.awaitReady`), up to `startAttempts` that failed to start.
    private func checkOut(folders: [String], fresh: Bool) -> Result<WorkerProcess, WorkerFailure> {
        condition.lock()
        while idle.isEmpty && !busy.isEmpty || stopping { condition.wait() }
        let found = (fresh ? idle.firstIndex { $0.served == 0 } : nil).map { idle.remove(at: $0) } ?? idle.popLast()
        guard var worker = found else {
            condition.unlock()
            return .failure(.unavailable("every worker failed to start"))
        }
        busy[worker.pid] = (worker, folders)
        condition.unlock()
        var failedStarts = 0
        while true {
            let stale = worker.hasEnded || fresh && worker.served > 0
            let failure = stale ? nil : worker.awaitReady()
            if !stale && failure == nil { return .success(worker) }
            if !worker.isReady { failedStarts += 1 }
            // `awaitReady` reaped a worker that failed it; a stale one is still to be waited for.
            if stale { worker.finish() } else { worker.close() }
            // After the last attempt the replacement waits idle, so the pool keeps its size.
            let last = failedStarts == WorkerPool.startAttempts
            let replacement = replace(worker, folders: folders, handOut: !last)
            if last { return .failure(WorkerPool.notStarted(failure)) }
            guard let replacement else { return .failure(.unavailable("every worker failed to start")) }
            worker = replacement
        }
    }

    /// Starts a worker in place of `old` (gone): handed out (`handOut`, busy with `folders`) or
    /// idle; nil when none could be started or an interrupt is stopping the pool.
    private func replace(_ old: WorkerProcess, folders: [String], handOut: Bool) -> WorkerProcess? {
        let replacement = isStopping ? nil : WorkerLauncher.spawn(memoryMegabytes: memoryMegabytes)
        condition.lock()
        defer { condition.unlock() }
        busy[old.pid] = nil
        if let replacement {
            if handOut { busy[replacement.pid] = (replacement, folders) } else { idle.append(replacement) }
        }
        condition.broadcast()
        return replacement
    }

    /// Why a request fails after `startAttempts` workers in a row failed to start, the last for `failure`.
    private static func notStarted(_ failure: WorkerFailure?) -> WorkerFailure {
        let last: String
        switch failure {
        case .timedOut(let seconds)?: last = "said nothing within \(NumberText.short(seconds)) s (stopped or stuck)"
        case .crashed(let signal, _)?: last = "was killed by \(WorkerFailure.name(of: signal))"
        case .exited(let status, _)?: last = "exited with status \(status)"
        default: last = "had ended"
        }
        return .unavailable(
            "\(startAttempts) workers in a row did not start; the last \(last) "
                + "(each has \(NumberText.short(WorkerProcess.readyLimit)) s to say it is ready)")
    }

    /// Returns a worker (or its replacement) to the idle ones.
    private func checkIn(_ worker: WorkerProcess?, replacing old: WorkerProcess?) {
        condition.lock()
        defer { condition.unlock() }
        while stopping { condition.wait() }
        busy[(old ?? worker)?.pid ?? 0] = nil
        if let worker { idle.append(worker) }
        condition.broadcast()
    }

    /// Closes every worker's pipes at the end of a run and waits for each to exit (a worker
    /// leaves with `_exit` at the end of its requests, skipping libvips' teardown), so no process
    /// of a finished run is left behind, not even a zombie under an init that does not reap, and
    /// the workers' memory counts in the supervisor's resource usage.
    package func finish() {
        condition.lock()
        let workers = idle
        idle = []
        condition.unlock()
        WorkerProcess.finish(workers)
    }

    /// Kills every worker of the process's pool and removes the temp files of those that were
    /// busy; called on SIGINT or SIGTERM, on the way out.
    package static func stopCurrent() {
        guard let pool = current else { return }
        pool.condition.lock()
        pool.stopping = true
        let victims = pool.idle.map { ($0, [String]()) } + pool.busy.values.map { ($0.worker, $0.folders) }
        pool.condition.unlock()
        for (worker, folders) in victims {
            worker.terminate()
            for folder in folders { TempFiles.shared.removeFiles(of: worker.pid, in: folder) }
        }
    }
}
