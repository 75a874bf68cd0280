import LightboxArguments
import LightboxFormats

/// The documented exit codes of every command, sysexits-style, so a retry policy can tell a bad
/// photo (1: retrying fails the same way; the journal names it) from a bad configuration (64 to
/// 78: fail at once) and an interruption (130, 143: a retry with `--resume` continues).
package enum ExitCode {
    /// Everything asked for was done.
    package static let success: Int32 = 0
    /// At least one item failed; the others were still done.
    package static let failure: Int32 = 1
    /// The command line was wrong (EX_USAGE); nothing was done.
    package static let usage: Int32 = 64
    /// A manifest, dataset, data.yaml or layout could not be read as one (EX_DATAERR); nothing was done.
    package static let dataError: Int32 = 65
    /// A manifest, dataset, layout or jobs file is missing or unreadable (EX_NOINPUT); nothing was done.
    package static let noInput: Int32 = 66
    /// Lightbox itself failed: no worker process could be started (EX_SOFTWARE).
    package static let software: Int32 = 70
    /// `--out-dir` or `--report` cannot be made or written (EX_CANTCREAT); nothing was done.
    package static let cannotCreate: Int32 = 73
    /// Standard output was closed or could not be written, so the run stopped (EX_IOERR).
    package static let ioError: Int32 = 74

    /// The code for a whole input file that failed: 66 when it could not be read, 65 when it was read and found wrong.
    package static func of(_ problem: BatchProblem) -> Int32 {
        problem.unreadable ? noInput : dataError
    }

    /// Each exit code with what it means, for help and the manual.
    package static let meanings = [
        ExitStatus("0", "everything was done, or at most --max-failures items failed"),
        ExitStatus("1", "more items failed than --max-failures (default 0; the rest was done)"),
        ExitStatus("64", "the command line is wrong (nothing was done)"),
        ExitStatus("65", "a manifest, dataset, data.yaml or layout is malformed (nothing was done)"),
        ExitStatus("66", "a manifest, dataset, layout or jobs file is missing or unreadable"),
        ExitStatus("70", "internal error: no worker process could be started"),
        ExitStatus("73", "--out-dir or --report cannot be written (nothing was done)"),
        ExitStatus("74", "stdout was closed or full: stopped as on a signal (--resume continues)"),
        ExitStatus("130", "stopped by SIGINT, 143 by SIGTERM (no partial file; --resume continues)"),
    ]

    /// The exit-code table shown at the end of every command's help.
    package static let helpText =
        (["EXIT CODES:"]
        + meanings.map { "  " + $0.code.padding(toLength: 4, withPad: " ", startingAt: 0) + $0.meaning })
        .joined(separator: "\n")
}
