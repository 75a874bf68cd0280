import Foundation
import LightboxGeometry
import Vips

/// The caption line: one line, centred, shrinking to `CardStyle.minimumScaleFactor` before an
/// ellipsis cuts it; emoji in colour (`TextLine`).
package enum CardCaption {
    /// The typeface: Inter Display Medium where installed, then Inter Medium, then DejaVu Sans Book.
    package static let face = Typeface.caption

    /// The caption as drawn (75% black letters, emoji in colour, sRGB with alpha) fitted into
    /// `width` pixels, or nil for an empty caption.
    ///
    /// The text is set at `CardStyle.captionFontSize` points; if it is too wide, at the size that
    /// fits, down to the minimum scale; below that, at the minimum scale with as many characters
    /// as fit before an ellipsis.
    package static func image(_ caption: String, width: Int, scale: Double) throws(VipsError) -> VImage? {
        let text = caption.replacingOccurrences(of: "\n", with: " ")
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty, width > 0 else { return nil }
        let full = Double(CardStyle.captionFontSize) * scale
        let first = try render(text, pixels: full)
        if first.width <= width { return first }
        let fitted = full * Double(width) / Double(first.width)
        let smallest = full * Double(CardStyle.minimumScaleFactor)
        if fitted >= smallest {
            let shrunk = try render(text, pixels: fitted * 0.995)
            if shrunk.width <= width { return shrunk }
        }
        return try truncated(text, width: width, pixels: smallest)
    }

    /// The longest start of `text` plus an ellipsis that fits `width` at `pixels`, found by bisection.
    private static func truncated(_ text: String, width: Int, pixels: Double) throws(VipsError) -> VImage? {
        let characters = Array(text)
        var low = 0
        var high = characters.count
        var best: VImage?
        while low < high {
            let middle = (low + high + 1) / 2
            let candidate = try render(
                String(characters[..<middle]).trimmingCharacters(in: .whitespaces) + "…", pixels: pixels)
            if candidate.width <= width {
                best = candidate
                low = middle
            } else {
                high = middle - 1
            }
        }
        if let best { return best }
        let ellipsis = try render("…", pixels: pixels)
        return ellipsis.width <= width ? ellipsis : nil
    }

    /// `text` at a font size of `pixels` (72 dpi makes points equal pixels), as tall as the line.
    private static func render(_ text: String, pixels: Double) throws(VipsError) -> VImage {
        try TextLine.image(
            TextLine.escaped(text), font: face.description(pixels: pixels), ink: [0, 0, 0],
            opacity: Double(CardStyle.captionOpacity))
    }
}
