/// What the caller should do after parsing a command line.
package enum ParseOutcome: Sendable, Equatable {
    /// Run the parsed command; `path` names it from the root, such as `["lightbox", "crop"]`.
    case run(ParsedCommand, path: [String])
    /// Print this generated help text on standard output and exit with status 0.
    case help(String)
    /// Print the program version on standard output and exit with status 0.
    case version
}
