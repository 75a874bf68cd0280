import Foundation
import Synchronization

/// A thread blocked in a system call and interrupted by `SIGUSR1`, caught by a handler installed
/// without `SA_RESTART`, so the call returns `EINTR` unless it is made again.
final class Interruption: Sendable {
    /// Signals the handler has caught in this process.
    static let caught = Atomic<Int>(0)

    /// The thread making the call, once it has started.
    private let thread = Mutex<pthread_t?>(nil)
    /// What the call returned, once it has.
    private let result = Mutex<Int?>(nil)
    /// `errno` right after the call.
    private let error = Mutex<Int32>(0)

    /// Starts `call` on a thread of its own, with the handler installed.
    init(_ call: @escaping @Sendable () -> Int) {
        Interruption.install()
        Thread.detachNewThread { [self] in
            // A thread inherits its creator's mask, and libdispatch's threads block every signal.
            var mask = sigset_t()
            sigemptyset(&mask)
            sigaddset(&mask, SIGUSR1)
            pthread_sigmask(SIG_UNBLOCK, &mask, nil)
            thread.withLock { $0 = pthread_self() }
            let returned = call()
            let code = errno
            error.withLock { $0 = code }
            result.withLock { $0 = returned }
        }
    }

    /// What the call returned and its `errno`, or nil while it is still waiting.
    var outcome: (result: Int, errno: Int32)? {
        result.withLock { $0 }.map { ($0, error.withLock { $0 }) }
    }

    /// Sends `SIGUSR1` to the call's thread every 20 ms until `count` more have been caught or the
    /// call has returned; whether it is still waiting then.
    @discardableResult
    func interrupt(times count: Int) -> Bool {
        let target = Interruption.caught.load(ordering: .relaxed) + count
        while outcome == nil, Interruption.caught.load(ordering: .relaxed) < target {
            if let thread = thread.withLock({ $0 }) { pthread_kill(thread, SIGUSR1) }
            usleep(20_000)
        }
        return outcome == nil
    }

    /// Waits up to `seconds` for the call to return; its outcome.
    func wait(seconds: Double = 10) -> (result: Int, errno: Int32)? {
        let end = Date().addingTimeInterval(seconds)
        while outcome == nil, Date() < end { usleep(5_000) }
        return outcome
    }

    /// Catches `SIGUSR1` by counting it, with `sa_flags` 0: no `SA_RESTART`, so a waiting call
    /// returns `EINTR` (`signal()` in glibc would restart it).
    private static func install() {
        var action = sigaction()
        action.__sigaction_handler = .init(sa_handler: { _ in _ = Interruption.caught.add(1, ordering: .relaxed) })
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGUSR1, &action, nil)
    }
}
