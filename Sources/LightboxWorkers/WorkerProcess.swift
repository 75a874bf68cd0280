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
    /// Seconds a new worker may take to start libvips (when items have a timeout at all).
    package static let startupLimit = 120.0
    /// Whether the worker has said it is ready.
    private var ready = false
    /// Whether the worker's last answer was its last: it exits, and is to be replaced.
    package private(set) var isRetiring = false
    /// How many requests the worker has answered: 0 for a fresh one, which holds nothing of any job.
    package private(set) var served = 0
    /// Bytes read from the worker that do not yet make a whole message.
    private var buffer: [UInt8] = []

    /// Wraps a started worker and its parent-side pipe ends.
    package init(pid: pid_t, requests: Int32, responses: Int32, errors: Int32) {
        self.pid = pid
        self.requests = requests
        self.responses = responses
        self.errors = errors
    }

    /// The parent-side descriptors, which a worker forked later must close.
    package var descriptors: [Int32] { [requests, responses, errors] }

    /// Sends `request` and waits for the answer, killing the worker after `timeout` seconds (0: never).
    ///
    /// A new worker first says it is ready (libvips started); that wait does not count against
    /// the item, only against `startupLimit`. Messages the worker sends ahead of its answer go to
    /// `interim` as they arrive. Returns the answer or why there is none, and what the worker
    /// wrote on stderr meanwhile.
    package func perform(
        _ request: [UInt8], timeout: Double, interim: ([UInt8]) -> Void = { _ in }
    ) -> (result: Result<[UInt8], WorkerFailure>, stderr: String) {
        var stderr = WorkerStderr(descriptor: errors)
        guard WorkerFrames.write(request, to: requests) else { return (.failure(ended(&stderr)), stderr.text) }
        if !ready {
            let startup = timeout > 0 ? max(timeout, WorkerProcess.startupLimit) : 0
            if case .failure(let failure) = receive(until: deadline(startup), timeout: startup, stderr: &stderr) {
                return (.failure(failure), stderr.text)
            }
            ready = true
        }
        let end = deadline(timeout)
        while true {
            switch receive(until: end, timeout: timeout, stderr: &stderr) {
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
            }
        }
    }

    /// The uptime in nanoseconds `seconds` from now, or nil for no limit (0).
    private func deadline(_ seconds: Double) -> UInt64? {
        seconds > 0 ? DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9) : nil
    }

    /// The next whole message from the worker, or why none came before `deadline` (nil: no limit);
    /// `timeout` is the limit in seconds, for the message.
    private func receive(
        until deadline: UInt64?, timeout: Double, stderr: inout WorkerStderr
    ) -> Result<[UInt8], WorkerFailure> {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let length = WorkerFrames.announcedLength(buffer), buffer.count >= 8 + length {
                defer { buffer.removeFirst(8 + length) }
                return .success(Array(buffer[8..<8 + length]))
            }
            var wait: Int32 = -1
            if let deadline {
                let now = DispatchTime.now().uptimeNanoseconds
                guard now < deadline else { return .failure(killForTimeout(timeout)) }
                wait = Int32(min((deadline - now) / 1_000_000 + 1, UInt64(Int32.max)))
            }
            var watched = [pollfd(fd: responses, events: Int16(POLLIN), revents: 0), stderr.pollEntry]
            guard SystemCall.poll(&watched, milliseconds: wait) > 0 else { continue }
            if watched[1].revents != 0 { stderr.drain() }
            guard watched[0].revents != 0 else { continue }
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
        close()
        reap()
    }
}
