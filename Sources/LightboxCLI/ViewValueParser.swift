import Foundation

/// Reads the values of `lightbox view`'s options: sizes, offsets, numbers and colours.
enum ViewValueParser {
    /// Named colours `--under` accepts.
    static let colours: [String: [Double]] = [
        "white": [255, 255, 255], "black": [0, 0, 0], "gray": [128, 128, 128], "grey": [128, 128, 128],
    ]

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

    /// A colour as `#rrggbb`, `r,g,b` (0 to 255) or a name, as band values; nil when unreadable.
    static func colour(_ text: String) -> [Double]? {
        let lowered = text.lowercased()
        if let named = colours[lowered] { return named }
        if lowered.hasPrefix("#"), lowered.count == 7, let value = Int(lowered.dropFirst(), radix: 16) {
            return [Double((value >> 16) & 255), Double((value >> 8) & 255), Double(value & 255)]
        }
        let parts = lowered.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        guard parts.count == 3, parts.allSatisfy({ $0.map { (0...255).contains($0) } ?? false }) else { return nil }
        return parts.compactMap { $0 }
    }
}
