/// The declaration of one positional argument, such as `<input>`.
package struct ArgumentSpec: Sendable, Equatable {
    /// The name shown in angle brackets in usage and help, for example `input`.
    package var name: String
    /// The one-line description shown in generated help.
    package var help: String
    /// Whether the argument absorbs all remaining positionals; it should be the last one.
    package var isRepeating: Bool
    /// Whether the argument may be left out.
    package var isOptional: Bool

    /// Creates a positional argument declaration.
    package init(name: String, help: String, isRepeating: Bool = false, isOptional: Bool = false) {
        self.name = name
        self.help = help
        self.isRepeating = isRepeating
        self.isOptional = isOptional
    }

    /// The name in angle brackets, such as `<input>`.
    package var placeholder: String {
        "<\(name)>"
    }

    /// The label used in the ARGUMENTS section of help, such as `<input> ...` when repeating.
    package var helpLabel: String {
        isRepeating ? "\(placeholder) ..." : placeholder
    }

    /// The usage-line form, such as `<input>`, `[<input>]` or `<input> ...`.
    package var usageSynopsis: String {
        isOptional ? "[\(helpLabel)]" : helpLabel
    }
}
