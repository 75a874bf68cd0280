import Foundation

/// The process's standard streams written with plain `write(2)` calls, so a closed or full
/// stdout is an error a run can report and stop on (exit 74), not a Foundation trap.
package enum StandardOutput {
    /// Writes all of `text` on stdout; nil when it was written, else the system's reason (`Broken pipe`).
    package static func write(_ text: String) -> String? {
        write(Array(text.utf8))
    }

    /// Writes all of `bytes` on `descriptor` (stdout by default); nil when written, else the system's reason.
    package static func write(_ bytes: [UInt8], to descriptor: Int32 = STDOUT_FILENO) -> String? {
        SystemCall.write(bytes, to: descriptor).map { SystemCall.reason($0) }
    }

    /// Puts `/dev/null`, opened read-only, on each of descriptors 0, 1 and 2 that the process was
    /// started without (`lightbox ... >&-`), before anything else is opened: a journal or an
    /// output would otherwise take descriptor 1 and receive the `--json` lines, and a write to a
    /// closed stdout still fails (with `Bad file descriptor`) as it should.
    package static func parkClosedStreams() {
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 {
            let null = open("/dev/null", O_RDONLY)
            guard null >= 0 else { continue }
            if null != descriptor {
                dup2(null, descriptor)
                close(null)
            }
        }
    }
}
