/// A man page (section 1) made from the command tables, as `--generate-manual` prints it.
package enum ManualPage {
    /// The roff source for `root`, every subcommand and option, exit codes and examples.
    package static func page(for root: CommandSpec, version: String) -> String {
        let name = root.name
        var lines = [
            ".TH \(name.uppercased()) 1 \"\" \"\(name) \(version)\" \"User Commands\"",
            ".SH NAME",
            "\(name) \\- \(escaped(root.abstract))",
            ".SH SYNOPSIS",
            ".B \(name)",
            "\\fIcommand\\fR [\\fIoptions\\fR] [\\fIinput\\fR ...]",
            ".br",
            ".B \(name)",
            "\\fB\\-\\-generate\\-completion\\-script\\fR \\fIbash\\fR|\\fIzsh\\fR|\\fIfish\\fR | \\fB\\-\\-generate\\-manual\\fR | \\fB\\-\\-version\\fR",
            ".SH DESCRIPTION",
            escaped(root.abstract),
            ".SH COMMANDS",
        ]
        for command in root.subcommands {
            lines += section(command, path: [name, command.name])
        }
        lines += [".SH EXIT STATUS"] + root.exitCodes.flatMap { [".TP", "\\fB\($0.code)\\fR", $0.meaning] }
        lines += [".SH EXAMPLES"] + root.subcommands.flatMap(\.examples).flatMap { [".PP", ".nf", escaped($0), ".fi"] }
        return (lines + [""]).joined(separator: "\n")
    }

    /// One subcommand: its usage, abstract, discussion and every option.
    private static func section(_ command: CommandSpec, path: [String]) -> [String] {
        let usage = HelpFormatter.usage(for: command, path: path).replacingOccurrences(of: "Usage: ", with: "")
        var lines = [
            ".SS \(path.joined(separator: " "))", ".nf", escaped(usage), ".fi", ".PP", escaped(command.abstract),
        ]
        let discussion = command.discussion.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if !command.discussion.isEmpty { lines += [".PP", ".nf"] + discussion.map(escaped) + [".fi"] }
        for argument in command.arguments {
            lines += [".TP", "\\fI\(escaped(argument.helpLabel))\\fR", escaped(argument.help)]
        }
        for option in command.options {
            lines += [".TP", label(option), escaped(option.help)]
        }
        return lines
    }

    /// `\fB\-o\fR, \fB\-\-output\fR \fIoutput\fR`.
    private static func label(_ option: OptionSpec) -> String {
        var text = option.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
        text += "\\fB\\-\\-\(option.long.replacingOccurrences(of: "-", with: "\\-"))\\fR"
        if case .value(let name) = option.kind { text += " \\fI\(escaped(name))\\fR" }
        if case .repeated(let name) = option.kind { text += " \\fI\(escaped(name))\\fR (repeatable)" }
        return text
    }

    /// Text safe in roff: backslashes, hyphens, and a leading dot or quote.
    package static func escaped(_ text: String) -> String {
        var result = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result
    }
}
