/// An option a command declares once, as a value: its spec (names, help, value kind, completion)
/// and, for a value option, its parser.
///
/// Commands read parsed values through these declarations (`parsed.value(ViewOptions.zoom)`),
/// so a misspelt option is a compile error, never a string looked up at run time.
package protocol OptionDeclaration: Sendable {
    /// The declaration shown in help, usage, completions and the manual.
    var spec: OptionSpec { get set }
}

extension OptionDeclaration {
    /// The same option with the help line one command shows for it.
    package func help(_ text: String) -> Self {
        var copy = self
        copy.spec.help = text
        return copy
    }

    /// The same option, required by the command line.
    package var required: Self {
        var copy = self
        copy.spec.isRequired = true
        return copy
    }
}

extension [any OptionDeclaration] {
    /// The declarations, for a command's spec.
    package var specs: [OptionSpec] {
        map(\.spec)
    }
}
