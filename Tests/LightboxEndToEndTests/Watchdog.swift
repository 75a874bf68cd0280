import Foundation

/// Kills a child process that runs past its deadline, so a hung child fails its test instead
/// of hanging the suite.
final class Watchdog: @unchecked Sendable {
    /// Guards `stopped` and `fired`.
    private let lock = NSLock()
    /// Whether the child ended (or the test gave up on it) before the deadline.
    private var stopped = false
    /// Whether the deadline passed and the child was killed.
    private var fired = false

    /// Watches `process`, killing it with SIGKILL after `seconds` unless `stop` comes first.
    init(_ process: Process, seconds: Double) {
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            lock.lock()
            defer { lock.unlock() }
            guard !stopped else { return }
            fired = true
            kill(pid, SIGKILL)
        }
    }

    /// Ends the watch; returns whether the child had been killed for running too long.
    func stop() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        stopped = true
        return fired
    }
}
