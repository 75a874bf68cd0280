import Foundation

/// Reads the values of `lightbox view`'s options: sizes, offsets and numbers.
enum ViewValueParser {
    /// Two numbers separated by `separator`, such as `390x844` or `12,-40`.
    static func pair(_ text: String, separator: Character) -> (CGFloat, CGFloat)? {
        let parts = text.lowercased().split(separator: separator, omittingEmptySubsequences: false)
        guard parts.count == 2, let first = finite(String(parts[0])), let second = finite(String(parts[1])) else {
            return nil
        }
        return (first, second)
    }

    /// A finite number, or nil.
    static func finite(_ text: String) -> CGFloat? {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
        return CGFloat(value)
    }
}
