import LightboxArguments

/// The documented exit codes of every command.
package enum ExitCode {
    /// Everything asked for was done.
    package static let success: Int32 = 0
    /// At least one input or output failed; the others were still done.
    package static let failure: Int32 = 1
    /// The command line was wrong; nothing was done.
    package static let usage: Int32 = 64

    /// Each exit code with what it means, for help and the manual.
    static let meanings = [
        ExitStatus("0", "everything was done"),
        ExitStatus("1", "an input or output failed (the others were still done)"),
        ExitStatus("64", "the command line is wrong (nothing was done)"),
        ExitStatus("130", "stopped by SIGINT, 143 by SIGTERM (no partial file left)"),
    ]

    /// The exit-code table shown at the end of every command's help.
    static let helpText =
        (["EXIT CODES:"]
        + meanings.map { "  " + $0.code.padding(toLength: 4, withPad: " ", startingAt: 0) + $0.meaning })
        .joined(separator: "\n")
}
