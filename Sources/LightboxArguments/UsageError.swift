/// A command line that does not match its command's declaration.
package struct UsageError: Error, Sendable, Equatable {
    /// A lowercase description of the problem, such as `missing value for '--rect <x,y,w,h>'`.
    package var message: String
    /// The names of the command that was being parsed, such as `["lightbox", "crop"]`.
    package var commandPath: [String]

    /// Creates a usage error for the command at the given path.
    package init(_ message: String, commandPath: [String]) {
        self.message = message
        self.commandPath = commandPath
    }
}

extension UsageError {
    /// No subcommand followed a command that needs one.
    package static func missingCommand(_ path: [String]) -> UsageError {
        UsageError("missing command", commandPath: path)
    }

    /// A subcommand name that does not exist, with a suggestion when one is close.
    package static func unknownCommand(_ name: String, in command: CommandSpec, path: [String]) -> UsageError {
        let names = command.subcommands.map(\.name)
        let hint = NearestName.to(name, among: names).map { "'\($0)'" }
        return UsageError("unknown command '\(name)'" + didYouMean(hint), commandPath: path)
    }

    /// An option that is not declared, with a suggestion when a long name is close.
    package static func unknownOption(_ spelling: String, longNames: [String], path: [String]) -> UsageError {
        let isSingleLetter = spelling.count == 2 && !spelling.hasPrefix("--")
        let name = String(spelling.drop { $0 == "-" })
        let closest = isSingleLetter ? nil : NearestName.to(name, among: longNames)
        let hint = closest.map { "'--\($0)'" }
        return UsageError("unknown option '\(spelling)'" + didYouMean(hint), commandPath: path)
    }

    /// A value option that was last on the command line.
    package static func missingValue(_ synopsis: String, path: [String]) -> UsageError {
        UsageError("missing value for '\(synopsis)'", commandPath: path)
    }

    /// A flag written with an attached `=value`.
    package static func takesNoValue(_ spelling: String, path: [String]) -> UsageError {
        UsageError("option '\(spelling)' takes no value", commandPath: path)
    }

    /// A value option inside a group of short flags such as `-fo`.
    package static func cannotGroup(_ spelling: String, path: [String]) -> UsageError {
        UsageError("option '\(spelling)' takes a value and cannot be grouped", commandPath: path)
    }

    /// A single-value option given twice.
    package static func givenTwice(_ option: OptionSpec, path: [String]) -> UsageError {
        UsageError("option '--\(option.long)' given more than once", commandPath: path)
    }

    /// A positional beyond the declared arguments.
    package static func unexpectedArgument(_ token: String, path: [String]) -> UsageError {
        UsageError("unexpected argument '\(token)'", commandPath: path)
    }

    /// A required positional argument that was not given.
    package static func missingArgument(_ argument: ArgumentSpec, path: [String]) -> UsageError {
        UsageError("missing argument '\(argument.placeholder)'", commandPath: path)
    }

    /// A required option that was not given.
    package static func missingOption(_ option: OptionSpec, path: [String]) -> UsageError {
        UsageError("missing option '\(option.longSynopsis)'", commandPath: path)
    }

    /// Formats an optional suggestion as a message suffix.
    private static func didYouMean(_ hint: String?) -> String {
        hint.map { "; did you mean \($0)?" } ?? ""
    }

    /// `; did you mean 'name'?` for the candidate closest to `word` (`NearestName`), or nothing
    /// when none is close: the suggestion a misspelt option gets, for a file's misspelt key too.
    package static func suggestion(for word: String, among candidates: [String]) -> String {
        didYouMean(NearestName.to(word, among: candidates).map { "'\($0)'" })
    }
}
