import Foundation
import LightboxRender
import LightboxSystem

/// Stops a run cleanly on SIGINT or SIGTERM: workers killed, in-flight temp files removed, a summary, exit 130 or 143.
///
/// The signals are blocked (`hold`, before the workers are forked, so every thread and worker
/// inherits the mask) and taken by one thread in `sigwait`: no signal is lost or kills the
/// process with its default action between start-up and `install`.
package enum Interrupts {
    /// The signals handled and the exit code of each (128 + the signal number).
    package static let signals: [(Int32, ExitCode, String)] = [
        (SIGINT, .interrupted, "SIGINT"), (SIGTERM, .terminated, "SIGTERM"),
    ]

    /// Whether the waiting thread runs.
    nonisolated(unsafe) private static var installed = false
    /// Gives the counts printed before exiting; the latest `install` sets it.
    nonisolated(unsafe) private static var summary: @Sendable () -> String = { "" }
    /// Guards `installed` and `summary`.
    private static let lock = NSLock()
    /// Held by the one thread that stops the run, never given back.
    private static let stopping = NSLock()

    /// The handled signals as a set.
    private static var set: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for (number, _, _) in signals { sigaddset(&set, number) }
        return set
    }

    /// Blocks both signals in this thread and every thread and process started from it from now on.
    package static func hold() {
        var set = Interrupts.set
        pthread_sigmask(SIG_BLOCK, &set, nil)
        for (number, _, _) in signals { signal(number, SIG_DFL) }
    }

    /// Handles both signals from now on; `summary` gives the counts printed before exiting ("" for none).
    package static func install(summary: @escaping @Sendable () -> String) {
        lock.lock()
        defer { lock.unlock() }
        self.summary = summary
        guard !installed else { return }
        installed = true
        hold()
        Thread.detachNewThread {
            var set = Interrupts.set
            var number: Int32 = 0
            while sigwait(&set, &number) != 0 {}
            let (_, code, name) = signals.first { $0.0 == number } ?? signals[1]
            stop(code: code, saying: "interrupted by \(name)")
        }
    }

    /// Stops the run, as a signal does, because stdout could not be written (exit 74, EX_IOERR):
    /// whoever reads the answers is gone, so the work left would be lost. A reader that closed the
    /// pipe (`| head -1`) meant to stop reading, so that stop says nothing, as SIGPIPE would not.
    package static func stdoutFailed(_ reason: String) -> Never {
        guard reason != String(cString: strerror(EPIPE)) else { stop(code: .ioError, saying: nil) }
        stop(code: .ioError, saying: "error: cannot write to standard output: \(reason); stopped")
    }

    /// Stops the run as a signal does (workers killed, temp files removed, `words` and the counts
    /// on stderr, unless `words` is nil) and exits with `code`; a second caller waits for the first one's exit.
    package static func stop(code: ExitCode, saying words: String?) -> Never {
        stopping.lock()
        WorkerPool.stopCurrent()
        _ = TempFiles.shared.removeAllAndHold()
        lock.lock()
        let counts = Interrupts.summary()
        lock.unlock()
        let clear = ProgressLine.stderrIsTerminal ? "\r\u{1B}[K" : ""
        let line = words.map { "\(clear)\($0)\(counts.isEmpty ? "" : ": " + counts)\n" } ?? clear
        StandardError.write(line)
        _exit(code.rawValue)
    }
}
