import Foundation

/// An sRGB colour with red, green, blue and alpha from 0 to 1, read with the one colour grammar of every command.
///
/// The grammar: a CSS name (`white`, `steelblue`), `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`,
/// `r,g,b` or `rgb(r,g,b)` with components from 0 to 255 (decimals allowed), and
/// `rgba(r,g,b,a)` with alpha from 0 to 1.
package struct BoardColor: Sendable, Equatable, Codable {
    /// Red, from 0 to 1.
    package let red: Double
    /// Green, from 0 to 1.
    package let green: Double
    /// Blue, from 0 to 1.
    package let blue: Double
    /// Opacity, from 0 (transparent) to 1.
    package let alpha: Double

    /// Makes a colour from components from 0 to 1.
    package init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Makes a colour from a (red, green, blue) tuple such as `CardStyle.backgroundTop`.
    package init(_ components: (red: Double, green: Double, blue: Double)) {
        self.init(red: components.red, green: components.green, blue: components.blue)
    }

    /// Reads a colour in the grammar above; nil when the text is not one.
    package static func parse(_ text: String) -> BoardColor? {
        let lowered = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let value = CSSColourNames.values[lowered] { return hex(String(value, radix: 16).leftPadded(to: 6)) }
        if lowered.hasPrefix("#") { return hex(String(lowered.dropFirst())) }
        for (prefix, count) in [("rgba(", 4), ("rgb(", 3)] where lowered.hasPrefix(prefix) && lowered.hasSuffix(")") {
            return components(String(lowered.dropFirst(prefix.count).dropLast()), count: count)
        }
        return components(lowered, count: 3)
    }

    /// Whether text starts the way only a colour does (`#`, `rgb(`, a digit), so it is never taken for a file.
    package static func looksLikeColour(_ text: String) -> Bool {
        let lowered = text.lowercased()
        let number = lowered.drop { "+-.".contains($0) }.first?.isNumber == true && !lowered.hasPrefix("./")
        return lowered.hasPrefix("#") || lowered.hasPrefix("rgb") || number
    }

    /// `r,g,b` (0 to 255) and, when `count` is 4, an alpha from 0 to 1.
    private static func components(_ text: String, count: Int) -> BoardColor? {
        let values = text.split(separator: ",", omittingEmptySubsequences: false).compactMap {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        guard values.count == count, values.allSatisfy(\.isFinite),
            values.prefix(3).allSatisfy({ (0...255).contains($0) })
        else { return nil }
        let alpha = count == 4 ? values[3] : 1
        guard (0...1).contains(alpha) else { return nil }
        return BoardColor(red: values[0] / 255, green: values[1] / 255, blue: values[2] / 255, alpha: alpha)
    }

    /// Reads 3, 4, 6 or 8 hex digits.
    private static func hex(_ digits: String) -> BoardColor? {
        guard [3, 4, 6, 8].contains(digits.count), digits.allSatisfy(\.isHexDigit) else { return nil }
        let full = digits.count <= 4 ? digits.map { "\($0)\($0)" }.joined() : digits
        let bytes = stride(from: 0, to: full.count, by: 2).map { offset -> Double in
            let start = full.index(full.startIndex, offsetBy: offset)
            return Double(UInt8(full[start..<full.index(start, offsetBy: 2)], radix: 16) ?? 0) / 255
        }
        return BoardColor(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 1)
    }

    /// The components from 0 to 255, as libvips takes colours, composited over `backdrop` (0 to 255) when translucent.
    package func bytes(over backdrop: Double = 255) -> [Double] {
        [red, green, blue].map { $0 * 255 * alpha + backdrop * (1 - alpha) }
    }

    /// The components from 0 to 255 of an opaque colour (a translucent one over white).
    package var bytes: [Double] { bytes() }

    /// `#rrggbb` (or `#rrggbbaa`) when every byte is whole, else `rgb(r,g,b)` with the decimals needed to read back exact.
    package var spec: String {
        let values = [red, green, blue].map { $0 * 255 }
        if values.allSatisfy({ $0 == $0.rounded() }) && (alpha * 255).rounded() == alpha * 255 {
            let hexes = (values + (alpha < 1 ? [alpha * 255] : [])).map { String(Int($0), radix: 16).leftPadded(to: 2) }
            return "#" + hexes.joined()
        }
        let text = values.map { "\($0)" }.joined(separator: ",")
        return alpha < 1 ? "rgba(\(text),\(alpha))" : "rgb(\(text))"
    }

    /// The colour as an SVG `rgb()` value, with fractional bytes.
    var svg: String {
        "rgb(" + bytes.map { String(format: "%.4f", $0) }.joined(separator: ",") + ")"
    }
}

extension String {
    /// The string with zeros in front up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
