/// A value read from one command-line argument, shaped like swift-argument-parser's `ExpressibleByArgument`.
///
/// Every option value type adopts it: a size `WxH`, a pair `a,b`, a colour, a rect, a shard
/// `K/N`, a number. The usage error of a bad value is `--name 'text': ` and then `problem(with:)`.
package protocol ArgumentValue: Sendable {
    /// Reads the value, or nil when `argument` is not in the expected form.
    init?(argument: String)

    /// The text naming the expected form, such as `expected WxH in points, such as 600x800`.
    static var expected: String { get }

    /// The words shell completion offers; empty when any value goes.
    static var choices: [String] { get }

    /// Why `argument` was refused; by default `expected`, a type may name the field at fault.
    static func problem(with argument: String) -> String
}

extension ArgumentValue {
    /// No words to complete.
    package static var choices: [String] { [] }

    /// The expected form.
    package static func problem(with argument: String) -> String {
        expected
    }
}

/// A value that is one of a fixed set of words, its raw values.
package protocol ChoiceArgument: ArgumentValue, CaseIterable, RawRepresentable<String> {}

extension ChoiceArgument {
    /// The case named `argument`.
    package init?(argument: String) {
        self.init(rawValue: argument)
    }

    /// Every case's name.
    package static var choices: [String] { allCases.map(\.rawValue) }

    /// `use one of a, b, c`.
    package static var expected: String { "use one of \(choices.joined(separator: ", "))" }
}
