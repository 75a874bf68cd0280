import Foundation

/// An opaque sRGB colour with red, green and blue from 0 to 1, as SwiftUI's `Color(red:green:blue:)`.
public struct BoardColor: Sendable, Equatable {
    /// Red, from 0 to 1.
    public let red: Double
    /// Green, from 0 to 1.
    public let green: Double
    /// Blue, from 0 to 1.
    public let blue: Double

    /// Makes a colour from components from 0 to 1.
    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Makes a colour from a (red, green, blue) tuple such as `CardStyle.backgroundTop`.
    public init(_ components: (red: Double, green: Double, blue: Double)) {
        self.init(red: components.red, green: components.green, blue: components.blue)
    }

    /// Reads `#rrggbb` (hex bytes) or `r,g,b` (fractions from 0 to 1); nil when the text is neither.
    public static func parse(_ text: String) -> BoardColor? {
        if text.hasPrefix("#") { return hex(String(text.dropFirst())) }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        let values = parts.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard values.count == 3, values.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1 }) else { return nil }
        return BoardColor(red: values[0], green: values[1], blue: values[2])
    }

    /// Reads six hex digits.
    private static func hex(_ digits: String) -> BoardColor? {
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        let bytes = [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff].map { Double($0) / 255 }
        return BoardColor(red: bytes[0], green: bytes[1], blue: bytes[2])
    }

    /// The components from 0 to 255, as libvips takes colours.
    public var bytes: [Double] { [red * 255, green * 255, blue * 255] }

    /// `r,g,b` with the shortest decimals that read back as the same colour.
    public var spec: String {
        [red, green, blue].map { $0 == $0.rounded() ? String(Int($0)) : String($0) }.joined(separator: ",")
    }

    /// The colour as an SVG `rgb()` value, with fractional bytes.
    var svg: String {
        "rgb(" + bytes.map { String(format: "%.4f", $0) }.joined(separator: ",") + ")"
    }
}
