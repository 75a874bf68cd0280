import Foundation
import LightboxArguments

/// Two finite numbers written `a,b`, such as an offset `40,-20` or safe areas `59,34`.
package struct Pair: ArgumentValue, Equatable {
    /// The number before the comma.
    package let first: Double
    /// The number after the comma.
    package let second: Double

    /// Reads `a,b`.
    package init?(argument: String) {
        guard let (first, second) = Pair.split(argument, separator: ",") else { return nil }
        self.first = first
        self.second = second
    }

    /// The form.
    package static var expected: String { "expected two numbers a,b" }

    /// The pair as a size (a translation, an offset).
    package var size: CGSize {
        CGSize(width: first, height: second)
    }

    /// Two finite numbers separated by `separator`, each trimmed, or nil.
    package static func split(_ text: String, separator: Character) -> (Double, Double)? {
        let parts = text.lowercased().split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == 2, let first = Double(argument: String(parts[0])),
            let second = Double(argument: String(parts[1]))
        else { return nil }
        return (first, second)
    }
}
