import Foundation
import LightboxSystem

/// The supervisor's handle on one worker process: its pipes, and one request at a time under a deadline.
package final class WorkerProcess: @unchecked Sendable {
    /// The worker's process id (it names the worker's temp files).
    package let pid: pid_t
    /// Requests go out on this pipe.
    package let requests: Int32
    /// Answers come back on this pipe.
    package let responses: Int32
    /// The worker's stderr, read so nothing of a crash reaches the terminal unasked.
    package let errors: Int32
    /// Seconds a new worker may take, from its start, to say it is ready (libvips started).
    ///
    /// It starts in about 50 ms with a core idle, so 10 s (200 times that) is reached only by a
    /// worker that is stopped (SIGSTOP) or stuck in its start-up, never by a slow one on a busy
    /// machine. Not tied to `--timeout`: start-up does not depend on the input, a short timeout
    /// (0.5 s) would replace workers that are only slow to start, and `--timeout 0` (no limit on
    /// an item) must not leave a job waiting for ever on a worker that never starts.
    package static let readyLimit = 10.0
    /// Whether the worker has said it is ready.
    package private(set) var isReady = false
    /// Whether the worker's last answer was its last: it exits, and is to be replaced.
    package private(set) var isRetiring = false
    /// How many requests the worker has answered: 0 for a fresh one, which holds nothing of any job.
    package private(set) var served = 0
    /// Bytes read from the worker that do not yet make a whole message.
    private var buffer: [UInt8] = []
    /// When the worker was started (uptime in nanoseconds), from which `readyLimit` counts.
    private let started = DispatchTime.now().uptimeNanoseconds

    /// Wraps a started worker and its parent-side pipe ends.
    package init(pid: pid_t, requests: Int32, responses: Int32, errors: Int32) {
        self.pid = pid
        self.requests = requests
        self.responses = responses
        self.errors = errors
    }

    /// The parent-side descriptors, which a worker forked later must close.
    package var descriptors: [Int32] { [requests, responses, errors] }

    /// Waits for a new worker to say it is ready until `readyLimit` after its start; nil once it
    /// has (at once when it said so before), else why not: it ended (it is reaped), or it said
    /// nothing in time and was killed (SIGKILL) and reaped, as a worker stopped or stuck is.
    package func awaitReady() -> WorkerFailure? {
        guard !isReady else { return nil }
        var stderr = WorkerStderr(descriptor: errors)
        let limit = WorkerProcess.readyLimit
        let end = started + UInt64(limit * 1e9)
        if case .failure(let failure) = receive(until: end, timeout: limit, stderr: &stderr) { return failure }
        isReady = true
        return nil
    }

    /// Sends `request` and waits for the answer, killing the worker after `timeout` seconds (0: never),
    /// or as soon as `cancel` is pulled.
    ///
    /// The worker is first waited for until it is ready (`awaitReady`), which does not count
    /// against the item; the item's clock covers both the request's write and the answer, so a
    /// worker stopped (SIGSTOP) or stuck mid-job is killed when it runs out. Messages the worker
    /// sends ahead of its answer go to `interim` as they arrive. Returns the answer or why there
    /// is none, and what the worker wrote on stderr meanwhile.
    package func perform(
        _ request: [UInt8], timeout: Double, cancel: WorkerCancel? = nil, interim: ([UInt8]) -> Void = { _ in }
    ) -> (result: Result<[UInt8], WorkerFailure>, stderr: String) {
        if let failure = awaitReady() { return (.failure(failure), "") }
        var stderr = WorkerStderr(descriptor: errors)
        let end = deadline(timeout)
        if let failure = send(request, until: end, timeout: timeout, cancel: cancel, stderr: &stderr) {
            return (.failure(failure), stderr.text)
        }
        while true {
            switch receive(until: end, timeout: timeout, cancel: cancel, stderr: &stderr) {
            case .failure(let failure): return (.failure(failure), stderr.text)
            case .success(let message):
                guard let tag = message.first else { return (.failure(.exited(status: 0, detail: "")), stderr.text) }
                guard tag == WorkerFrames.interim else {
                    stderr.drain()
                    isRetiring = tag == WorkerFrames.lastAnswer
                    served += 1
                    return (.success(Array(message.dropFirst())), stderr.text)
                }
                interim(Array(message.dropFirst()))
                // A worker whose interim messages keep coming past the deadline has not answered in time.
                if isPast(end) { return (.failure(killForTimeout(timeout)), stderr.text) }
                if let cancel, cancel.isPulled { return (.failure(killForCancel(cancel)), stderr.text) }
            }
        }
    }

    /// The uptime in nanoseconds `seconds` from now, or nil for no limit (0).
    private func deadline(_ seconds: Double) -> UInt64? {
        seconds > 0 ? DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9) : nil
    }

    /// The milliseconds `poll` may wait for `deadline` (-1: no limit, 0: it has passed).
    private func milliseconds(until deadline: UInt64?) -> Int32 {
        guard let deadline else { return -1 }
        let now = DispatchTime.now().uptimeNanoseconds
        return now < deadline ? Int32(min((deadline - now) / 1_000_000 + 1, UInt64(Int32.max))) : 0
    }

    /// Whether `deadline` (nil: none) has passed.
    private func isPast(_ deadline: UInt64?) -> Bool {
        deadline.map { DispatchTime.now().uptimeNanoseconds >= $0 } ?? false
    }

    /// Writes `request` as one message before `deadline` (nil: no limit), or says why not: the
    /// worker died (its pipe is gone), or it stopped reading and was killed (`timeout` seconds,
    /// for the message), or `cancel` was pulled meanwhile and it was killed. The pipe is
    /// non-blocking, so the wait for room is a `poll` under the deadline.
    private func send(
        _ request: [UInt8], until deadline: UInt64?, timeout: Double, cancel: WorkerCancel?,
        stderr: inout WorkerStderr
    ) -> WorkerFailure? {
        var left = WorkerFrames.framed(request)[...]
        while !left.isEmpty {
            let written = left.withUnsafeBytes { bytes in
                SystemCall.retrying { Glibc.write(requests, bytes.baseAddress, bytes.count) }
            }
            if written > 0 {
                left = left.dropFirst(written)
                continue
            }
            guard written < 0 && errno == EAGAIN else { return ended(&stderr) }
            var watched =
                [pollfd(fd: requests, events: Int16(POLLOUT), revents: 0), stderr.pollEntry] + cancelEntry(cancel)
            if SystemCall.poll(&watched, milliseconds: wait(until: deadline, cancel: cancel)) > 0 {
                if watched[1].revents != 0 { stderr.drain() }
            } else if isPast(deadline) {
                return killForTimeout(timeout)
            }
            if let cancel, cancel.isPulled { return killForCancel(cancel) }
        }
        return nil
    }

    /// The next whole message from the worker, or why none came before `deadline` (nil: no limit)
    /// or before `cancel` was pulled; `timeout` is the limit in seconds, for the message. A message
    /// waiting in the pipe is taken even when the deadline has passed (a ready message sent long
    /// before it was asked for), and one begun is read to its end before a cancel kills the worker
    /// (its answer is on its way: what it reports is written).
    private func receive(
        until deadline: UInt64?, timeout: Double, cancel: WorkerCancel? = nil, stderr: inout WorkerStderr
    ) -> Result<[UInt8], WorkerFailure> {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let length = WorkerFrames.announcedLength(buffer), buffer.count >= 8 + length {
                defer { buffer.removeFirst(8 + length) }
                return .success(Array(buffer[8..<8 + length]))
            }
            var watched =
                [pollfd(fd: responses, events: Int16(POLLIN), revents: 0), stderr.pollEntry] + cancelEntry(cancel)
            let found = SystemCall.poll(&watched, milliseconds: wait(until: deadline, cancel: cancel)) > 0
            if found && watched[1].revents != 0 { stderr.drain() }
            guard found && watched[0].revents != 0 else {
                if isPast(deadline) { return .failure(killForTimeout(timeout)) }
                if let cancel, cancel.isPulled, buffer.isEmpty { return .failure(killForCancel(cancel)) }
                continue
            }
            let got = chunk.withUnsafeMutableBytes { SystemCall.read(responses, into: $0) }
            guard got > 0 else { return .failure(ended(&stderr)) }
            buffer.append(contentsOf: chunk[0..<got])
        }
    }

    /// Why the worker stopped answering: its pipe ended, so it died; reaps it.
    private func ended(_ stderr: inout WorkerStderr) -> WorkerFailure {
        stderr.drain()
        let status = reap()
        if status & 0x7f != 0 { return .crashed(signal: status & 0x7f, detail: stderr.text) }
        return .exited(status: (status >> 8) & 0xff, detail: stderr.text)
    }

    /// Kills a worker whose job was cancelled, and notes on `cancel` that it stopped a request.
    private func killForCancel(_ cancel: WorkerCancel) -> WorkerFailure {
        kill(pid, SIGKILL)
        _ = reap()
        cancel.noteStopped()
        return .cancelled
    }

    /// The `poll` entry of `cancel`'s pipe, or none.
    private func cancelEntry(_ cancel: WorkerCancel?) -> [pollfd] {
        cancel.map { [$0.pollEntry] } ?? []
    }

    /// The milliseconds `poll` may wait for `deadline`, bounded by `cancel` when it has no pipe.
    private func wait(until deadline: UInt64?, cancel: WorkerCancel?) -> Int32 {
        let wait = milliseconds(until: deadline)
        return cancel?.bounded(wait) ?? wait
    }

    /// Kills a worker that ran past its deadline.
    private func killForTimeout(_ timeout: Double) -> WorkerFailure {
        kill(pid, SIGKILL)
        _ = reap()
        return .timedOut(seconds: timeout)
    }

    /// Whether the worker has gone while idle (killed from outside, say): its answer pipe has hung
    /// up, since the worker held its only write end. Checked before a request is given to it (a
    /// new worker's ready message may be waiting there, which is not a hang-up).
    package var hasEnded: Bool {
        var watched = [pollfd(fd: responses, events: 0, revents: 0)]
        return SystemCall.poll(&watched, milliseconds: 0) > 0
            && watched[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    /// Kills the worker now (an interrupt, a timeout) and waits for it to be gone.
    package func terminate() {
        kill(pid, SIGKILL)
        _ = reap()
    }

    /// Waits for the worker to end and returns its raw wait status.
    @discardableResult
    package func reap() -> Int32 {
        SystemCall.waitForExit(of: pid) ?? 0
    }

    /// Closes the parent-side pipes; an idle worker reads the end of its requests and exits.
    package func close() {
        for descriptor in descriptors { Glibc.close(descriptor) }
    }

    /// Closes the pipes and waits for the worker to exit, so no process of a finished run is left.
    package func finish() {
        WorkerProcess.finish([self])
    }

    /// Closes every worker's request pipe at once, so all leave together, then waits for each to
    /// exit; one that has not left `readyLimit` seconds after (stopped by SIGSTOP, or stuck in its
    /// start-up: it reads no requests) is killed first, so the end of a run never waits for ever.
    ///
    /// A worker leaves when it reads the end of its requests, and its answer pipe then ends, as
    /// it held the only write end: that end is waited for with `poll`, reading past what is left
    /// in it (a ready message nobody asked for), and the worker is reaped.
    package static func finish(_ workers: [WorkerProcess]) {
        for worker in workers { Glibc.close(worker.requests) }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(readyLimit * 1e9)
        for worker in workers {
            if !worker.drainUntilEnd(by: deadline) { kill(worker.pid, SIGKILL) }
            Glibc.close(worker.responses)
            Glibc.close(worker.errors)
            worker.reap()
        }
    }

    /// Reads the answer pipe until it ends, before `deadline`; whether it ended in time.
    private func drainUntilEnd(by deadline: UInt64) -> Bool {
        var stderr = WorkerStderr(descriptor: errors)
        var chunk = [UInt8](repeating: 0, count: 1 << 12)
        while true {
            var watched = [pollfd(fd: responses, events: Int16(POLLIN), revents: 0), stderr.pollEntry]
            guard SystemCall.poll(&watched, milliseconds: milliseconds(until: deadline)) > 0 else {
                if isPast(deadline) { return false }
                continue
            }
            if watched[1].revents != 0 { stderr.drain() }
            guard watched[0].revents != 0 else { continue }
            guard chunk.withUnsafeMutableBytes({ SystemCall.read(responses, into: $0) }) > 0 else { return true }
        }
    }
}
