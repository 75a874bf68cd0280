import Foundation
import LightboxArguments
import LightboxFormats
import LightboxGeometry
import LightboxJobs
import LightboxRender

/// A subcommand: its declaration as data, how it reads a parsed command line, and how it runs.
protocol LightboxCommand: Sendable {
    /// The command's name, options and help, from which parsing and `--help` follow.
    static var spec: CommandSpec { get }

    /// Reads and checks the parsed command line; a bad value is a usage error (exit 64).
    init(_ parsed: ParsedCommand) throws(UsageError)

    /// Does the work, reporting each item's failure on `console`, and returns `success` or
    /// `failure`; throws what stops it before any work (`Lightbox.main` says it and picks the code).
    func run(console: Console) throws -> ExitCode
}

extension LightboxCommand {
    /// The command's names from the root, such as `["lightbox", "crop"]`, for usage errors.
    static var path: [String] {
        [Lightbox.root.name, spec.name]
    }
}
