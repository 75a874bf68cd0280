import LightboxArguments
import LightboxFormats
import Testing

@testable import LightboxJobs

/// The one map from what stopped a command to its exit code, and the one table help prints.
@Suite struct ExitCodeTests {
    /// Something that stopped a command, by its type.
    struct Stop: Sendable, CustomTestStringConvertible {
        let error: any Error & Sendable
        var testDescription: String { String(describing: type(of: error)) }
    }

    @Test(arguments: [
        (Stop(error: UsageError("unknown option '--forse'", commandPath: ["lightbox", "crop"])), ExitCode.usage),
        (Stop(error: BatchProblem("m.csv", line: 1, "unknown column 'widht'")), .dataError),
        (
            Stop(error: BatchProblem.unreadable("m.csv", "cannot read the manifest: No such file or directory")),
            .noInput
        ),
        (Stop(error: JournalError(path: "r.jsonl", reason: "Permission denied")), .cannotCreate),
        (Stop(error: CannotCreate("out: cannot write --out-dir (Read-only file system)")), .cannotCreate),
        (Stop(error: ExitCode.ioError), .ioError),
        (Stop(error: UnknownError()), .software),
    ])
    func eachErrorTypeHasItsCode(stop: Stop, code: ExitCode) {
        #expect(ExitCode(stop.error) == code)
    }

    /// An error of no documented kind.
    struct UnknownError: Error {}

    /// The table lists every code once, 143 on 130's line, in the order of docs/reliability.md.
    @Test func theTableIsEveryCode() {
        #expect(ExitCode.meanings.map(\.code) == ["0", "1", "64", "65", "66", "70", "73", "74", "130"])
        #expect(ExitCode.helpText.hasPrefix("EXIT CODES:\n  0   everything was done"))
        #expect(Interrupts.signals.map(\.1.rawValue) == [130, 143])
    }
}
