import LightboxArguments
import LightboxFormats

/// The documented exit codes of every command, sysexits-style, so a retry policy can tell a bad
/// photo (1: retrying fails the same way; the journal names it) from a bad configuration (64 to
/// 78: fail at once) and an interruption (130, 143: a retry with `--resume` continues).
///
/// This is the one table (help, the manual and docs/reliability.md print it), and `init(_:)` the
/// one place a code is chosen for what stopped a command, by the error's type, as
/// swift-argument-parser's `MessageInfo` does: a command returns `success` or `failure` for work
/// it did, and throws for anything that stopped it before.
package enum ExitCode: Int32, Error, Sendable, CaseIterable {
    /// Everything asked for was done, or at most `--max-failures` items failed.
    case success = 0
    /// More items failed than `--max-failures` allows (any, by default); the others were still done.
    case failure = 1
    /// The command line was wrong (EX_USAGE); nothing was done.
    case usage = 64
    /// A manifest, dataset, data.yaml or layout could not be read as one (EX_DATAERR); nothing was done.
    case dataError = 65
    /// A manifest, dataset, layout or jobs file is missing or unreadable (EX_NOINPUT); nothing was done.
    case noInput = 66
    /// Lightbox itself failed: no worker process could be started (EX_SOFTWARE).
    case software = 70
    /// `--out-dir`, `--report` or `--print-layout` cannot be made or written (EX_CANTCREAT); nothing was done.
    case cannotCreate = 73
    /// Standard output was closed or could not be written, so the run stopped (EX_IOERR).
    case ioError = 74
    /// Stopped by SIGINT (128 + 2).
    case interrupted = 130
    /// Stopped by SIGTERM (128 + 15).
    case terminated = 143

    /// The code of what stopped a command: a usage error 64, a whole input file 66 when it could
    /// not be read and 65 when it was read and found wrong, a folder or journal that cannot be
    /// made or written 73, a code thrown as it is, and anything else Lightbox's own failure (70).
    package init(_ error: any Error) {
        switch error {
        case let code as ExitCode: self = code
        case is UsageError: self = .usage
        case let problem as BatchProblem: self = problem.unreadable ? .noInput : .dataError
        case is JournalError, is CannotCreate: self = .cannotCreate
        default: self = .software
        }
    }

    /// What the code means, for help and the manual; nil for 143, which 130's line names.
    private var meaning: String? {
        switch self {
        case .success: return "everything was done, or at most --max-failures items failed"
        case .failure: return "more items failed than --max-failures (default 0; the rest was done)"
        case .usage: return "the command line is wrong (nothing was done)"
        case .dataError: return "a manifest, dataset, data.yaml or layout is malformed (nothing was done)"
        case .noInput: return "a manifest, dataset, layout or jobs file is missing or unreadable"
        case .software: return "internal error: no worker process could be started"
        case .cannotCreate: return "--out-dir or --report cannot be written (nothing was done)"
        case .ioError: return "stdout was closed or full: stopped as on a signal (--resume continues)"
        case .interrupted: return "stopped by SIGINT, 143 by SIGTERM (no partial file; --resume continues)"
        case .terminated: return nil
        }
    }

    /// Each exit code with what it means, for help and the manual.
    package static let meanings = allCases.compactMap { code in
        code.meaning.map { ExitStatus(String(code.rawValue), $0) }
    }

    /// The exit-code table shown at the end of every command's help.
    package static let helpText =
        (["EXIT CODES:"]
        + meanings.map { "  " + $0.code.padding(toLength: 4, withPad: " ", startingAt: 0) + $0.meaning })
        .joined(separator: "\n")
}
