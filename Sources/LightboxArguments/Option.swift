/// A declared value option, such as `--zoom <Z>`: its spec and the reader of its value, shaped like
/// swift-argument-parser's `@Option`.
package struct Option<Value: ArgumentValue>: OptionDeclaration {
    /// The option's declaration; its choices come from the value type.
    package var spec: OptionSpec
    /// Whether a value read by the type is accepted by this option (a range, a limit).
    package let accepts: @Sendable (Value) -> Bool
    /// The expected form this option states, when narrower than the type's.
    package let expected: String?

    /// Declares `--long <valueName>` (repeatable when `repeated`), reading `Value`.
    ///
    /// `accepts` narrows the values the type reads, and `expected` then says which are taken.
    package init(
        _ long: String, short: Character? = nil, valueName: String, help: String, repeated: Bool = false,
        expected: String? = nil, where accepts: @escaping @Sendable (Value) -> Bool = { _ in true }
    ) {
        spec = OptionSpec(
            long: long, short: short, kind: repeated ? .repeated(valueName) : .value(valueName), help: help)
        spec.choices = Value.choices
        self.accepts = accepts
        self.expected = expected
    }

    /// The value in `argument`, or nil when the type cannot read it or this option does not accept it.
    package func read(_ argument: String) -> Value? {
        Value(argument: argument).flatMap { accepts($0) ? $0 : nil }
    }

    /// Why `argument` was refused, for the usage error.
    package func problem(with argument: String) -> String {
        expected ?? Value.problem(with: argument)
    }
}

extension Option where Value == Int {
    /// Declares a whole-number option whose values lie in `range`.
    package init(_ long: String, short: Character? = nil, valueName: String, help: String, in range: ClosedRange<Int>) {
        self.init(
            long, short: short, valueName: valueName, help: help,
            expected: "expected a whole number from \(range.lowerBound) to \(range.upperBound)",
            where: { range.contains($0) })
    }
}

extension Option where Value == Double {
    /// Declares a finite-number option whose values lie in `range`.
    package init(_ long: String, valueName: String, help: String, in range: ClosedRange<Double>) {
        self.init(
            long, valueName: valueName, help: help, expected: "expected a number \(range.described)",
            where: { range.contains($0) })
    }
}
