/// A fish completion file made from the command tables, as `--generate-completion-script fish` prints it.
package enum FishCompletion {
    /// The `complete` lines for `root`.
    package static func script(for root: CommandSpec) -> String {
        let name = root.name
        var lines = [
            "# fish completion for \(name); made by `\(name) --generate-completion-script fish`.",
            "complete -c \(name) -f",
            "complete -c \(name) -n __fish_use_subcommand -l help -d 'Show help information.'",
            "complete -c \(name) -n __fish_use_subcommand -l version -d 'Show the version.'",
            "complete -c \(name) -n __fish_use_subcommand -l generate-completion-script -x -a 'bash zsh fish' -d 'Print a completion script.'",
            "complete -c \(name) -n __fish_use_subcommand -l generate-manual -d 'Print the man page.'",
        ]
        for command in root.subcommands {
            lines.append(
                "complete -c \(name) -n __fish_use_subcommand -a \(command.name) -d '\(quoted(command.abstract))'")
            let condition = "-n '__fish_seen_subcommand_from \(command.name)'"
            lines.append("complete -c \(name) \(condition) -F")
            for option in command.options {
                lines.append("complete -c \(name) \(condition) \(flags(option)) -d '\(quoted(option.help))'")
            }
        }
        return (lines + [""]).joined(separator: "\n")
    }

    /// The spellings and value rule of one option.
    private static func flags(_ option: OptionSpec) -> String {
        var parts = option.short.map { ["-s \($0)"] } ?? []
        parts.append("-l \(option.long)")
        guard option.takesValue else { return parts.joined(separator: " ") }
        switch option.completion {
        case .none: parts.append("-x")
        case .file: parts.append("-r -F")
        case .directory: parts.append("-x -a '(__fish_complete_directories)'")
        case .words(let words): parts.append("-x -a '\(words.joined(separator: " "))'")
        }
        return parts.joined(separator: " ")
    }

    /// Text made safe inside single quotes.
    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
    }
}
