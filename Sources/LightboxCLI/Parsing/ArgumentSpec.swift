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

    /// Declares a required argument taking exactly one positional.
    package static func required(_ name: String, help: String) -> ArgumentSpec {
        ArgumentSpec(name: name, help: help)
    }

    /// Declares an argument that may be omitted.
    package static func optional(_ name: String, help: String) -> ArgumentSpec {
        ArgumentSpec(name: name, help: help, isOptional: true)
    }

    /// Declares an argument taking one or more positionals, or zero or more when optional.
    package static func repeating(_ name: String, help: String, optional: Bool = false) -> ArgumentSpec {
        ArgumentSpec(name: name, help: help, isRepeating: true, isOptional: optional)
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
