/// Parses the options and positionals of a single leaf command.
///
/// Rules: `--name value`, `--name=value`, `-n value`, `-nvalue` and `-n=value` are
/// accepted; short flags may be grouped (`-fq`) when every letter is a flag. The token
/// right after a value option is always its value, even when it starts with `-`. `--`
/// ends option parsing. A token such as `-5` that reads as a number and names no short
/// option is positional. Any `-h`/`--help` before `--` asks for help and beats errors.
package struct CommandLineScanner {
    private let command: CommandSpec
    private let path: [String]
    private let tokens: [String]
    private var index = 0
    private var positionals: [String] = []
    private var values: [String: [String]] = [:]

    /// Parses `tokens` as the command line of `command`, named by `path` from the root.
    package static func parse(
        _ tokens: [String], command: CommandSpec, path: [String]
    ) throws(UsageError) -> ParseOutcome {
        if tokens.prefix(while: { $0 != "--" }).contains(where: command.isHelpToken) {
            return .help(HelpFormatter.help(for: command, path: path))
        }
        var scanner = CommandLineScanner(command: command, path: path, tokens: tokens)
        return try scanner.scan()
    }

    private init(command: CommandSpec, path: [String], tokens: [String]) {
        self.command = command
        self.path = path
        self.tokens = tokens
    }

    /// Whether `--version` is accepted, which is only at the root.
    private var acceptsVersion: Bool {
        command.acceptsVersion(isRoot: path.count == 1)
    }

    /// Consumes every token, then validates the counts of arguments and required options.
    private mutating func scan() throws(UsageError) -> ParseOutcome {
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if token == "--" {
                positionals += tokens[index...]
                break
            }
            if token == "--version" && acceptsVersion {
                return .version
            }
            try scanToken(token)
        }
        try checkPositionals()
        try checkRequiredOptions()
        let parsed = ParsedCommand(command: command, path: path, positionals: positionals, values: values)
        return .run(parsed, path: path)
    }

    /// Dispatches one token to the long-option, short-option or positional rule.
    private mutating func scanToken(_ token: String) throws(UsageError) {
        if token.hasPrefix("--") {
            try scanLong(token)
        } else if isShortOptionToken(token) {
            try scanShort(token)
        } else {
            positionals.append(token)
        }
    }

    /// Whether a token starting with a single dash is an option rather than `-` or a number.
    private func isShortOptionToken(_ token: String) -> Bool {
        guard token.hasPrefix("-"), let letter = token.dropFirst().first else { return false }
        return command.option(short: letter) != nil || !Self.isNegativeNumber(token)
    }

    /// Whether a token reads as a negative decimal number, such as `-5` or `-2.5`.
    private static func isNegativeNumber(_ token: String) -> Bool {
        token.dropFirst().first?.isWholeNumber == true && Double(token) != nil
    }

    /// Parses `--name`, `--name value` or `--name=value`.
    private mutating func scanLong(_ token: String) throws(UsageError) {
        let body = token.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
        guard let option = command.option(long: name) else {
            throw unknownOption("--\(name)")
        }
        try record(option, spelling: "--\(name)", inline: inline)
    }

    /// Parses `-o value`, `-ovalue`, `-o=value`, `-f` or a group of flags such as `-fq`.
    private mutating func scanShort(_ token: String) throws(UsageError) {
        let letters = token.dropFirst()
        guard let letter = letters.first, let option = command.option(short: letter) else {
            throw unknownOption(String(token.prefix { $0 != "=" }))
        }
        let rest = letters.dropFirst()
        if option.takesValue || rest.hasPrefix("=") {
            let value = rest.hasPrefix("=") ? rest.dropFirst() : rest
            try record(option, spelling: "-\(letter)", inline: rest.isEmpty ? nil : String(value))
            return
        }
        try record(option, spelling: "-\(letter)", inline: nil)
        for grouped in rest {
            try recordGroupedFlag(grouped)
        }
    }

    /// Records one letter of a flag group, which must name a declared flag.
    private mutating func recordGroupedFlag(_ letter: Character) throws(UsageError) {
        guard let option = command.option(short: letter) else {
            throw unknownOption("-\(letter)")
        }
        guard !option.takesValue else {
            throw UsageError.cannotGroup("-\(letter)", path: path)
        }
        try record(option, spelling: "-\(letter)", inline: nil)
    }

    /// Stores an occurrence of `option`, taking its value inline or from the next token.
    private mutating func record(_ option: OptionSpec, spelling: String, inline: String?) throws(UsageError) {
        guard option.takesValue else {
            guard inline == nil else { throw UsageError.takesNoValue(spelling, path: path) }
            values[option.long] = values[option.long] ?? []
            return
        }
        if !option.isRepeatable && values[option.long] != nil {
            throw UsageError.givenTwice(option, path: path)
        }
        if let inline {
            values[option.long, default: []].append(inline)
        } else {
            values[option.long, default: []].append(try nextValue(for: option, spelling: spelling))
        }
    }

    /// Consumes the token after a value option, whatever it looks like.
    private mutating func nextValue(for option: OptionSpec, spelling: String) throws(UsageError) -> String {
        guard index < tokens.count else {
            throw UsageError.missingValue(option.synopsis(spelling: spelling), path: path)
        }
        defer { index += 1 }
        return tokens[index]
    }

    /// Builds the error for an undeclared option, suggesting a close long name.
    private func unknownOption(_ spelling: String) -> UsageError {
        var names = command.options.map(\.long) + ["help"]
        if acceptsVersion { names.append("version") }
        return UsageError.unknownOption(spelling, longNames: names, path: path)
    }

    /// Checks that every required argument is present and none is left over.
    private func checkPositionals() throws(UsageError) {
        let required = command.arguments.filter { !$0.isOptional }
        if positionals.count < required.count {
            throw UsageError.missingArgument(required[positionals.count], path: path)
        }
        let isUnbounded = command.arguments.contains(where: \.isRepeating)
        if !isUnbounded && positionals.count > command.arguments.count {
            throw UsageError.unexpectedArgument(positionals[command.arguments.count], path: path)
        }
    }

    /// Checks that every option marked required was given.
    private func checkRequiredOptions() throws(UsageError) {
        if let missing = command.options.first(where: { $0.isRequired && values[$0.long] == nil }) {
            throw UsageError.missingOption(missing, path: path)
        }
    }
}
