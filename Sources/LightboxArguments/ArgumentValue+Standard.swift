import Foundation

/// Any text, such as a path or a template.
extension String: ArgumentValue {
    /// The argument as given.
    package init?(argument: String) {
        self = argument
    }

    /// Any text goes.
    package static var expected: String { "expected a value" }
}

/// A whole number, such as `--quality 80`.
extension Int: ArgumentValue {
    /// The whole number written in `argument`.
    package init?(argument: String) {
        self.init(argument.trimmingCharacters(in: .whitespaces))
    }

    /// The form.
    package static var expected: String { "expected a whole number" }
}

/// A finite number, such as `--zoom 2.5`.
extension Double: ArgumentValue {
    /// The finite number written in `argument`; NaN and infinities are refused.
    package init?(argument: String) {
        guard let value = Double(argument.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
        self = value
    }

    /// The form.
    package static var expected: String { "expected a number" }
}

extension ClosedRange<Double> {
    /// How usage errors and layout-file errors state the range: `from A to B`, or `up to B` when open below.
    package var described: String {
        let upper = Self.plain(upperBound)
        return lowerBound == -Double.greatestFiniteMagnitude
            ? "up to \(upper)" : "from \(Self.plain(lowerBound)) to \(upper)"
    }

    /// A bound as a person writes it: `10`, not `10.0`.
    private static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
