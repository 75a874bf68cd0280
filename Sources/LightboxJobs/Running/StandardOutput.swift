import Foundation

/// Writes on the process's stdout with plain `write(2)` calls, so a closed or full stdout is an
/// error a run can report and stop on, not a Foundation trap.
package enum StandardOutput {
    /// Writes all of `text`; nil when it was written, else the system's reason (`Broken pipe`).
    package static func write(_ text: String) -> String? {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return String(cString: strerror(errno))
            }
            bytes = bytes.dropFirst(written)
        }
        return nil
    }

    /// Stops the run, as a signal does, because stdout could not be written (exit 74, EX_IOERR):
    /// whoever reads the answers is gone, so the work left would be lost.
    package static func failed(_ reason: String) -> Never {
        Interrupts.stop(code: ExitCode.ioError, saying: "error: cannot write to standard output: \(reason); stopped")
    }
}
