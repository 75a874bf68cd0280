import Foundation
import LightboxRender

/// Stops a batch cleanly on SIGINT or SIGTERM: in-flight temp files removed, a summary, exit 130 or 143.
enum Interrupts {
    /// The signals handled and the exit code of each (128 + the signal number).
    static let signals: [(Int32, Int32, String)] = [(SIGINT, 130, "SIGINT"), (SIGTERM, 143, "SIGTERM")]

    /// Keeps the dispatch sources alive for the life of the process.
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    /// Gives the line printed before exiting; a batch runner sets its own.
    nonisolated(unsafe) private static var summary: @Sendable () -> String = { "0 done, 0 failed, 0 skipped" }
    /// Guards `summary`, which the signal queue reads.
    private static let lock = NSLock()

    /// Handles both signals from now on (once, at start-up); `summary` gives the line to print before exiting.
    static func install(summary: (@Sendable () -> String)? = nil) {
        lock.lock()
        if let summary { self.summary = summary }
        lock.unlock()
        guard sources.isEmpty else { return }
        let queue = DispatchQueue(label: "lightbox.signals")
        for (number, code, name) in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                _ = TempFiles.shared.removeAllAndHold()
                let clear = ProgressLine.stderrIsTerminal ? "\r\u{1B}[K" : ""
                lock.lock()
                let line = Interrupts.summary()
                lock.unlock()
                FileHandle.standardError.write(Data("\(clear)interrupted by \(name): \(line)\n".utf8))
                _exit(code)
            }
            source.resume()
            sources.append(source)
        }
    }
}
