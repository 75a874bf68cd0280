/// The root's `--generate-completion-script SHELL` and `--generate-manual`, as in swift-argument-parser.
package enum GeneratedText {
    /// The shells a completion script can be made for.
    package static let shells = ["bash", "zsh", "fish"]

    /// The text `arguments` ask for, nil when they ask for neither; a bad shell is a usage error.
    package static func text(for arguments: [String], root: CommandSpec, version: String) throws(UsageError) -> String?
    {
        guard let first = arguments.first else { return nil }
        if first == "--generate-manual" {
            guard arguments.count == 1 else { throw UsageError.unexpectedArgument(arguments[1], path: [root.name]) }
            return ManualPage.page(for: root, version: version)
        }
        let flag = "--generate-completion-script"
        guard first == flag || first.hasPrefix(flag + "=") else { return nil }
        let shell = first == flag ? arguments.dropFirst().first : String(first.dropFirst(flag.count + 1))
        let expected = arguments.count == (first == flag ? 2 : 1)
        guard let shell, expected else {
            throw UsageError("\(flag) needs one of \(shells.joined(separator: ", "))", commandPath: [root.name])
        }
        switch shell {
        case "bash": return BashCompletion.script(for: root)
        case "zsh": return ZshCompletion.script(for: root)
        case "fish": return FishCompletion.script(for: root)
        default:
            throw UsageError(
                "\(flag) '\(shell)': use one of \(shells.joined(separator: ", "))", commandPath: [root.name])
        }
    }
}
