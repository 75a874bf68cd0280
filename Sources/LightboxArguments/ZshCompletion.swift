/// A zsh completion function made from the command tables, as `--generate-completion-script zsh` prints it.
package enum ZshCompletion {
    /// The `#compdef` file for `root`.
    package static func script(for root: CommandSpec) -> String {
        let name = root.name
        var lines = [
            "#compdef \(name)",
            "# zsh completion for \(name); made by `\(name) --generate-completion-script zsh`.",
            "_\(name)() {",
            "    local -a commands",
            "    commands=(",
        ]
        lines += root.subcommands.map { "        '\($0.name):\(quoted($0.abstract))'" }
        lines += [
            "        'help:Show help for a subcommand'",
            "    )",
            "    if (( CURRENT == 2 )); then",
            "        _describe -t commands 'command' commands",
            "        _arguments '--help[Show help information.]' '--version[Show the version.]' \\",
            "            '--generate-completion-script[Print a completion script.]:shell:(bash zsh fish)' \\",
            "            '--generate-manual[Print the man page.]'",
            "        return",
            "    fi",
            "    case \"$words[2]\" in",
        ]
        for command in root.subcommands {
            lines.append("    \(command.name))")
            lines.append("        words=(\"${(@)words[2,-1]}\"); (( CURRENT-- ))")
            let specs = command.options.map(spec) + ["'--help[Show help information.]'", "'*:input:_files'"]
            lines.append("        _arguments -s \\")
            lines += specs.enumerated().map { index, text in
                "            " + text + (index == specs.count - 1 ? " ;;" : " \\")
            }
        }
        lines += ["    esac", "}", "_\(name) \"$@\"", ""]
        return lines.joined(separator: "\n")
    }

    /// One `_arguments` spec: spellings, help and the value's action.
    private static func spec(_ option: OptionSpec) -> String {
        let help = "[\(quoted(option.help))]"
        let repeats = option.isRepeatable ? "*" : ""
        let value: String
        switch option.completion {
        case _ where !option.takesValue: value = ""
        case .none: value = ":\(quoted(option.valuePlaceholder ?? "value")): "
        case .file: value = ":file:_files"
        case .directory: value = ":folder:_files -/"
        case .words(let words): value = ":value:(\(words.joined(separator: " ")))"
        }
        guard let short = option.short else { return "'\(repeats)--\(option.long)\(help)\(value)'" }
        let exclusion = option.isRepeatable ? "*" : "(-\(short) --\(option.long))"
        return "'\(exclusion)'{-\(short),--\(option.long)}'\(help)\(value)'"
    }

    /// Text made safe inside single quotes and `_arguments` brackets.
    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "'", with: "'\\''")
            .replacingOccurrences(of: "[", with: "(").replacingOccurrences(of: "]", with: ")")
            .replacingOccurrences(of: ":", with: "\\:")
    }
}
