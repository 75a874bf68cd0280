/// A bash completion script made from the command tables, as `--generate-completion-script bash` prints it.
package enum BashCompletion {
    /// The script for `root`: subcommands, each command's options, choices and paths.
    package static func script(for root: CommandSpec) -> String {
        let name = root.name
        let commands = root.subcommands.map(\.name)
        let rootWords = commands + ["help", "--help", "--version", "--generate-completion-script", "--generate-manual"]
        var lines = [
            "# bash completion for \(name); made by `\(name) --generate-completion-script bash`.",
            "_\(name)() {",
            "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\" command=\"\" i",
            "    for ((i = 1; i < COMP_CWORD; i++)); do",
            "        case \"${COMP_WORDS[i]}\" in \(commands.joined(separator: "|"))) command=\"${COMP_WORDS[i]}\"; break ;; esac",
            "    done",
            "    case \"$command\" in",
            "    \"\")",
            "        case \"$prev\" in --generate-completion-script) COMPREPLY=($(compgen -W \"bash zsh fish\" -- \"$cur\")); return ;; esac",
            "        COMPREPLY=($(compgen -W \"\(rootWords.joined(separator: " "))\" -- \"$cur\")) ;;",
        ]
        for command in root.subcommands {
            lines += commandCase(command)
        }
        lines += ["    esac", "}", "complete -o filenames -o bashdefault -F _\(name) \(name)", ""]
        return lines.joined(separator: "\n")
    }

    /// The `case` branch of one subcommand: values of the previous option, then options or files.
    private static func commandCase(_ command: CommandSpec) -> [String] {
        var lines = ["    \(command.name))", "        case \"$prev\" in"]
        for option in command.options where option.takesValue {
            let spellings = ([option.short.map { "-\($0)" }, "--\(option.long)"].compactMap { $0 }).joined(
                separator: "|")
            lines.append("        \(spellings)) \(reply(option.completion)); return ;;")
        }
        let words =
            command.options.flatMap { option in [option.short.map { "-\($0)" }, "--\(option.long)"].compactMap { $0 } }
            + ["--help"]
        lines += [
            "        esac",
            "        if [[ \"$cur\" == -* ]]; then COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))",
            "        else COMPREPLY=($(compgen -f -- \"$cur\")); fi ;;",
        ]
        return lines
    }

    /// The `COMPREPLY` assignment for a value's completion.
    private static func reply(_ completion: OptionSpec.Completion) -> String {
        switch completion {
        case .none: "COMPREPLY=()"
        case .file: "COMPREPLY=($(compgen -f -- \"$cur\"))"
        case .directory: "COMPREPLY=($(compgen -d -- \"$cur\"))"
        case .words(let words): "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))"
        }
    }
}
