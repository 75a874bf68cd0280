import Foundation
import LightboxFormats
import LightboxGeometry

/// Any text, such as a path or a template.
extension String: ArgumentValue {
    /// The argument as given.
    init?(argument: String) {
        self = argument
    }

    /// Any text goes.
    static var expected: String { "expected a value" }
}

/// A whole number, such as `--quality 80`.
extension Int: ArgumentValue {
    /// The whole number written in `argument`.
    init?(argument: String) {
        self.init(argument.trimmingCharacters(in: .whitespaces))
    }

    /// The form.
    static var expected: String { "expected a whole number" }
}

/// A finite number, such as `--zoom 2.5`.
extension Double: ArgumentValue {
    /// The finite number written in `argument`; NaN and infinities are refused.
    init?(argument: String) {
        guard let value = Double(argument.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
        self = value
    }

    /// The form.
    static var expected: String { "expected a number" }
}

extension ClosedRange<Double> {
    /// How usage errors and layout-file errors state the range: `from A to B`, or `up to B` when open below.
    var described: String {
        let upper = NumberText.short(upperBound)
        return lowerBound == -Double.greatestFiniteMagnitude
            ? "up to \(upper)" : "from \(NumberText.short(lowerBound)) to \(upper)"
    }
}
