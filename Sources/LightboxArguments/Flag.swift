/// A declared switch such as `--force` or `-q`, read as a `Bool`.
package struct Flag: OptionDeclaration {
    /// The flag's declaration.
    package var spec: OptionSpec

    /// Declares `--long` (and `-short`), described by `help`.
    package init(_ long: String, short: Character? = nil, help: String) {
        spec = OptionSpec(long: long, short: short, kind: .flag, help: help)
    }
}
