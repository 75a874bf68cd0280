/// Parses a command line against a tree of `CommandSpec` declarations.
package enum ArgumentParser {
    /// Parses `arguments` (without the program name) against the `root` command.
    ///
    /// At a command with subcommands the first positional selects the subcommand; only
    /// `-h`/`--help` (and `--version` at the root) may come before it. `help <command>`
    /// at the root is the same as `<command> --help`. The selected leaf command then
    /// parses its options and positionals; see `CommandLineScanner` for those rules.
    /// A help request anywhere before `--` wins over any usage error.
    package static func parse(_ arguments: [String], root: CommandSpec) throws(UsageError) -> ParseOutcome {
        if isHelpCommand(arguments, root: root) {
            return try helpCommand(Array(arguments.dropFirst()), root: root)
        }
        var command = root
        var path = [root.name]
        var tokens = arguments[...]
        while !command.subcommands.isEmpty {
            switch try dispatch(tokens, in: command, path: path) {
            case .finished(let outcome):
                return outcome
            case .descend(let child, let remaining):
                command = child
                path.append(child.name)
                tokens = remaining
            }
        }
        return try CommandLineScanner.parse(Array(tokens), command: command, path: path)
    }

    /// The result of one step down the subcommand tree.
    private enum Step {
        /// Parsing is complete, with help or the version.
        case finished(ParseOutcome)
        /// A subcommand was selected and parses the remaining tokens.
        case descend(CommandSpec, ArraySlice<String>)
    }

    /// Whether the command line is `help [command ...]` for a root that does not declare `help`.
    private static func isHelpCommand(_ arguments: [String], root: CommandSpec) -> Bool {
        arguments.first == "help" && !root.subcommands.isEmpty && root.subcommand(named: "help") == nil
    }

    /// Resolves `help crop` to the help text of `crop`.
    private static func helpCommand(_ names: [String], root: CommandSpec) throws(UsageError) -> ParseOutcome {
        var command = root
        var path = [root.name]
        for name in names where !command.isHelpToken(name) {
            guard let child = command.subcommand(named: name) else {
                throw command.subcommands.isEmpty
                    ? UsageError.unexpectedArgument(name, path: path)
                    : UsageError.unknownCommand(name, in: command, path: path)
            }
            command = child
            path.append(name)
        }
        return help(for: command, path: path)
    }

    /// Reads tokens at a command with subcommands until one is selected.
    private static func dispatch(
        _ tokens: ArraySlice<String>, in command: CommandSpec, path: [String]
    ) throws(UsageError) -> Step {
        for index in tokens.indices {
            let token = tokens[index]
            let after = tokens[(index + 1)...]
            if command.isHelpToken(token) {
                return .finished(help(for: command, path: path))
            }
            if token == "--version" && command.acceptsVersion(isRoot: path.count == 1) {
                return .finished(.version)
            }
            if token == "--" {
                return try select(after.first, in: command, path: path, remaining: ["--"] + after.dropFirst())
            }
            if token.hasPrefix("-") && token != "-" {
                let error = UsageError.unknownOption(token, longNames: implicitLongNames(path), path: path)
                return try fail(error, unlessHelpIn: after, command: command, path: path)
            }
            return try select(token, in: command, path: path, remaining: after)
        }
        throw UsageError.missingCommand(path)
    }

    /// Selects the subcommand called `name`, failing when it is absent or unknown.
    private static func select(
        _ name: String?, in command: CommandSpec, path: [String], remaining: ArraySlice<String>
    ) throws(UsageError) -> Step {
        guard let name else {
            throw UsageError.missingCommand(path)
        }
        guard let child = command.subcommand(named: name) else {
            let error = UsageError.unknownCommand(name, in: command, path: path)
            return try fail(error, unlessHelpIn: remaining, command: command, path: path)
        }
        return .descend(child, remaining)
    }

    /// Throws `error`, unless a later token before `--` asks for help, which wins.
    private static func fail(
        _ error: UsageError, unlessHelpIn tokens: ArraySlice<String>, command: CommandSpec, path: [String]
    ) throws(UsageError) -> Step {
        guard tokens.prefix(while: { $0 != "--" }).contains(where: command.isHelpToken) else {
            throw error
        }
        return .finished(help(for: command, path: path))
    }

    /// The long options every command at `path` accepts without declaring them.
    private static func implicitLongNames(_ path: [String]) -> [String] {
        path.count == 1 ? ["help", "version"] : ["help"]
    }

    /// Wraps the generated help text of `command` in a parse outcome.
    private static func help(for command: CommandSpec, path: [String]) -> ParseOutcome {
        .help(HelpFormatter.help(for: command, path: path))
    }
}
