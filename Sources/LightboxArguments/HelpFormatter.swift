/// Generates usage lines and `--help` text from command declarations.
package enum HelpFormatter {
    /// Returns the one-line usage of a command, such as
    /// `Usage: lightbox crop <input> --rect <x,y,w,h> [--rect <x,y,w,h> ...] -o <output> [options]`.
    ///
    /// The line lists the command path; then `<subcommand>` when the command has
    /// subcommands, or else its positional arguments (optional ones in brackets,
    /// repeating ones followed by `...`), every required option in its shortest
    /// spelling, and the optional options: each in brackets when there are at most
    /// `maximumListedOptional` (two), otherwise all collapsed into one `[options]`.
    /// The implicit `--help` and `--version` are not shown. The line is never wrapped.
    package static func usage(for command: CommandSpec, path: [String]) -> String {
        "Usage: " + usageElements(for: command, path: path).joined(separator: " ")
    }

    /// Returns the full help text: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS,
    /// the discussion and EXAMPLES, wrapped at 80 columns, without a trailing newline.
    package static func help(for command: CommandSpec, path: [String]) -> String {
        let options = listedOptions(for: command, isRoot: path.count == 1)
        let column = TextLayout.descriptionColumn(for: labels(command, options))
        let sections = [
            overviewSection(command),
            usageSection(command, path: path),
            argumentsSection(command, column: column),
            optionsSection(options, column: column),
            subcommandsSection(command, path: path, column: column),
            discussionSection(command),
            examplesSection(command),
        ]
        return sections.filter { !$0.isEmpty }.map { $0.joined(separator: "\n") }.joined(separator: "\n\n")
    }

    /// A row of the OPTIONS table.
    private typealias OptionRow = (label: String, help: String)

    /// The parsed options followed by the implicit `--version` (root only) and `--help`.
    private static func listedOptions(for command: CommandSpec, isRoot: Bool) -> [OptionRow] {
        var rows = command.parsedOptions.map { ($0.helpLabel, $0.help) }
        if command.acceptsVersion(isRoot: isRoot) {
            rows.append(("--version", "Show the version."))
        }
        rows.append((command.acceptsShortHelp ? "-h, --help" : "--help", "Show help information."))
        return rows
    }

    /// Every label of every table, used to align all descriptions on one column.
    private static func labels(_ command: CommandSpec, _ options: [OptionRow]) -> [String] {
        command.parsedArguments.map(\.helpLabel) + options.map(\.label) + command.subcommands.map(\.name)
    }

    /// The OVERVIEW line, or nothing when there is no abstract.
    private static func overviewSection(_ command: CommandSpec) -> [String] {
        guard !command.abstract.isEmpty else { return [] }
        return TextLayout.wrap(command.abstract, prefix: "OVERVIEW: ", continuation: TextLayout.indent)
    }

    /// The USAGE line, wrapped between usage elements with a hanging indent.
    private static func usageSection(_ command: CommandSpec, path: [String]) -> [String] {
        let elements = usageElements(for: command, path: path)
        let hanging = String(repeating: " ", count: "USAGE: ".count + 2)
        return TextLayout.fill(elements, firstPrefix: "USAGE: ", continuation: hanging)
    }

    /// The ARGUMENTS table, or nothing when the command takes no positionals.
    private static func argumentsSection(_ command: CommandSpec, column: Int) -> [String] {
        guard !command.parsedArguments.isEmpty else { return [] }
        return ["ARGUMENTS:"]
            + command.parsedArguments.flatMap {
                TextLayout.row(label: $0.helpLabel, description: $0.help, column: column)
            }
    }

    /// The OPTIONS table, which always lists at least `--help`.
    private static func optionsSection(_ rows: [OptionRow], column: Int) -> [String] {
        ["OPTIONS:"] + rows.flatMap { TextLayout.row(label: $0.label, description: $0.help, column: column) }
    }

    /// The SUBCOMMANDS table with a pointer to their help, or nothing for a leaf command.
    private static func subcommandsSection(_ command: CommandSpec, path: [String], column: Int) -> [String] {
        guard !command.subcommands.isEmpty else { return [] }
        let rows = command.subcommands.flatMap {
            TextLayout.row(label: $0.name, description: $0.abstract, column: column)
        }
        let helpCommand = ([path.first ?? command.name, "help"] + path.dropFirst() + ["<subcommand>"])
            .joined(separator: " ")
        return ["SUBCOMMANDS:"] + rows + ["", "  See '\(helpCommand)' for detailed help."]
    }

    /// The discussion text, wrapped line by line.
    private static func discussionSection(_ command: CommandSpec) -> [String] {
        var lines = TextLayout.wrapParagraphs(command.discussion)
        while lines.last?.allSatisfy(\.isWhitespace) == true {
            lines.removeLast()
        }
        return lines
    }

    /// The EXAMPLES list, or nothing when there are none.
    private static func examplesSection(_ command: CommandSpec) -> [String] {
        guard !command.examples.isEmpty else { return [] }
        return ["EXAMPLES:"] + command.examples.flatMap(TextLayout.example)
    }

    /// The most optional options that are listed one by one instead of as `[options]`.
    private static let maximumListedOptional = 2

    /// Returns the usage line split into elements that must not be broken across lines.
    private static func usageElements(for command: CommandSpec, path: [String]) -> [String] {
        guard command.subcommands.isEmpty else {
            return path + ["<subcommand>"]
        }
        let arguments = command.arguments.map(\.usageSynopsis)
        let required = command.options.filter(\.isRequired).map(requiredSynopsis)
        return path + arguments + required + optionalElements(command.options.filter { !$0.isRequired })
    }

    /// Returns the elements for the optional options, listed or collapsed.
    private static func optionalElements(_ options: [OptionSpec]) -> [String] {
        if options.count > maximumListedOptional {
            return ["[options]"]
        }
        return options.map(optionalSynopsis)
    }

    /// Returns the form of a required option, such as `-o <output>`.
    private static func requiredSynopsis(_ option: OptionSpec) -> String {
        let single = option.shortestSynopsis
        return option.isRepeatable ? "\(single) [\(single) ...]" : single
    }

    /// Returns the bracketed form of an optional option, such as `[--force]`.
    private static func optionalSynopsis(_ option: OptionSpec) -> String {
        let single = option.shortestSynopsis
        return option.isRepeatable ? "[\(single) ...]" : "[\(single)]"
    }
}
