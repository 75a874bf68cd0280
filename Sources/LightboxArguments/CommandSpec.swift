/// The declaration of a command: its arguments, options, subcommands and help text.
///
/// Every command implicitly accepts `-h`/`--help` (only `--help` when it declares its own
/// short `-h`), and the root command also accepts `--version`. A command that has
/// subcommands only dispatches to them; its own arguments and options are not parsed.
package struct CommandSpec: Sendable, Equatable {
    /// The name typed on the command line, for example `crop`.
    package var name: String
    /// The one-line summary shown as OVERVIEW and in the parent's SUBCOMMANDS list.
    package var abstract: String
    /// Free text appended to the help after the sections, for example exit codes.
    package var discussion: String
    /// The positional arguments, in command-line order.
    package var arguments: [ArgumentSpec]
    /// The named options, in the order they are listed in help.
    package var options: [OptionSpec]
    /// The subcommands; when non-empty the first positional selects one of them.
    package var subcommands: [CommandSpec]
    /// Complete example invocations listed under EXAMPLES.
    package var examples: [String]
    /// The exit codes and what each means, for the manual's EXIT STATUS (the root's).
    package var exitCodes: [ExitStatus]

    /// Creates a command declaration.
    package init(
        name: String,
        abstract: String,
        discussion: String = "",
        arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [],
        subcommands: [CommandSpec] = [],
        examples: [String] = [],
        exitCodes: [ExitStatus] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.subcommands = subcommands
        self.examples = examples
        self.exitCodes = exitCodes
    }

    /// Returns the declared option with the given long name, if any.
    package func option(long: String) -> OptionSpec? {
        options.first { $0.long == long }
    }

    /// Returns the declared option with the given short name, if any.
    package func option(short: Character) -> OptionSpec? {
        options.first { $0.short == short }
    }

    /// Returns the direct subcommand with the given name, if any.
    package func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }

    /// The arguments that are parsed, which are none for a command with subcommands.
    package var parsedArguments: [ArgumentSpec] {
        subcommands.isEmpty ? arguments : []
    }

    /// The options that are parsed, which are none for a command with subcommands.
    package var parsedOptions: [OptionSpec] {
        subcommands.isEmpty ? options : []
    }

    /// Whether `-h` means help for this command (it does unless an option claims `-h`).
    package var acceptsShortHelp: Bool {
        !parsedOptions.contains { $0.short == "h" }
    }

    /// Whether `--version` is accepted: only at the root, unless it declares its own.
    package func acceptsVersion(isRoot: Bool) -> Bool {
        isRoot && !parsedOptions.contains { $0.long == "version" }
    }

    /// Whether the token asks for this command's help.
    package func isHelpToken(_ token: String) -> Bool {
        token == "--help" || (token == "-h" && acceptsShortHelp)
    }

    /// Follows the names after the first element of `path` down the subcommand tree,
    /// stopping at the first unknown name, and returns the command and its resolved path.
    package func resolve(_ path: [String]) -> (command: CommandSpec, path: [String]) {
        var command = self
        var resolved = [name]
        for name in path.dropFirst() {
            guard let next = command.subcommand(named: name) else { break }
            command = next
            resolved.append(name)
        }
        return (command, resolved)
    }
}
