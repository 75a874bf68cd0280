import Foundation

/// A switch that gives up one job's worker requests when its client cancels the job: once pulled,
/// a request not yet sent fails at once, and a worker busy with one is killed, as a timeout kills
/// it (`WorkerProcess.perform` waits on `descriptor` beside the worker's pipes).
///
/// The switch is a pipe that becomes readable when pulled and stays so: `poll` wakes on it without
/// a timer. Its ends are made close-on-exec under `WorkerLauncher.lock`, so no worker spawned
/// meanwhile inherits them. Should the process be out of descriptors there is no pipe, and a
/// busy request sees the switch within `fallbackMilliseconds` instead.
package final class WorkerCancel: @unchecked Sendable {
    /// How long `poll` waits at most when there is no pipe to wake it.
    package static let fallbackMilliseconds: Int32 = 100
    /// Guards `pulled` and `stopped`.
    private let lock = NSLock()
    /// The pipe's read end, readable once pulled; -1 when none could be made.
    package let descriptor: Int32
    /// The pipe's write end; -1 when none could be made.
    private let writeEnd: Int32
    /// Whether the switch was pulled.
    private var pulled = false
    /// Whether a request of the job was given up because of it.
    private var stopped = false

    /// Makes a switch not yet pulled.
    package init() {
        WorkerLauncher.lock.lock()
        defer { WorkerLauncher.lock.unlock() }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            (descriptor, writeEnd) = (-1, -1)
            return
        }
        let high = ends.map { end in
            defer { close(end) }
            return fcntl(end, F_DUPFD_CLOEXEC, 10)
        }
        guard high.allSatisfy({ $0 >= 0 }) else {
            high.filter { $0 >= 0 }.forEach { close($0) }
            (descriptor, writeEnd) = (-1, -1)
            return
        }
        (descriptor, writeEnd) = (high[0], high[1])
        _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        for end in [descriptor, writeEnd] where end >= 0 { close(end) }
    }

    /// Pulls the switch (once; pulling it again does nothing).
    package func pull() {
        lock.lock()
        defer { lock.unlock() }
        guard !pulled else { return }
        pulled = true
        var byte: UInt8 = 1
        if writeEnd >= 0 { _ = write(writeEnd, &byte, 1) }
    }

    /// Whether the switch was pulled.
    package var isPulled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return pulled
    }

    /// Records that a request was given up because of the switch (not sent, or its worker killed).
    package func noteStopped() {
        lock.lock()
        defer { lock.unlock() }
        stopped = true
    }

    /// Whether a request of the job was given up because of the switch: the job did not end on its own.
    package var hasStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// The entry `poll` watches for the pull (a negative descriptor, which `poll` skips, when there is no pipe).
    package var pollEntry: pollfd {
        pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    }

    /// The milliseconds `poll` may wait given the request's own `wait` (-1: none): without a pipe,
    /// at most `fallbackMilliseconds`, so the switch is looked at that often.
    package func bounded(_ wait: Int32) -> Int32 {
        guard descriptor < 0 else { return wait }
        return wait < 0 ? WorkerCancel.fallbackMilliseconds : min(wait, WorkerCancel.fallbackMilliseconds)
    }
}
