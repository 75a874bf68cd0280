/// Formats usage errors for standard error.
package enum ErrorFormatter {
    /// Returns `Error: <message>`, the usage line of the command named by the error's
    /// `commandPath`, and a `See 'lightbox crop --help'.` hint, one per line without a
    /// trailing newline. Print it on standard error and exit with `ExitCode.usage`.
    package static func format(_ error: UsageError, root: CommandSpec) -> String {
        let (command, path) = root.resolve(error.commandPath)
        return [
            "Error: \(error.message)",
            HelpFormatter.usage(for: command, path: path),
            "See '\(path.joined(separator: " ")) --help'.",
        ].joined(separator: "\n")
    }
}
