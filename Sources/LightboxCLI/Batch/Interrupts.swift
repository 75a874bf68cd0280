import Foundation
import LightboxRender

/// Stops a run cleanly on SIGINT or SIGTERM: workers killed, in-flight temp files removed, a summary, exit 130 or 143.
enum Interrupts {
    /// The signals handled and the exit code of each (128 + the signal number).
    static let signals: [(Int32, Int32, String)] = [(SIGINT, 130, "SIGINT"), (SIGTERM, 143, "SIGTERM")]

    /// Keeps the dispatch sources alive for the life of the process.
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// Handles both signals from now on; `summary` gives the line to print before exiting.
    static func install(summary: @escaping @Sendable () -> String) {
        guard sources.isEmpty else { return }
        let queue = DispatchQueue(label: "lightbox.signals")
        for (number, code, name) in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                WorkerPool.stopCurrent()
                _ = TempFiles.shared.removeAllAndHold()
                let counts = summary()
                FileHandle.standardError.write(Data("\r\u{1B}[Kinterrupted by \(name)\(counts.isEmpty ? "" : ": " + counts)\n".utf8))
                _exit(code)
            }
            source.resume()
            sources.append(source)
        }
    }
}
