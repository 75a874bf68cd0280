import Foundation
import LightboxGeometry
import Vips

/// The caption line: one line, centred, shrinking to `CardStyle.minimumScaleFactor` before an
/// ellipsis cuts it; emoji in colour, right-to-left and mixed text in order (`TextLine`).
package enum CardCaption {
    /// The typeface: Inter Display Medium where installed, then Inter Medium, then DejaVu Sans Book.
    package static let face = Typeface.caption

    /// The caption as drawn (75% black letters, emoji in colour, sRGB with alpha) fitted into
    /// `width` pixels, or nil for an empty caption.
    ///
    /// The text is set at `CardStyle.captionFontSize` points; if it is too wide, at the size that
    /// fits, down to the minimum scale; below that, at the minimum scale with as many characters
    /// as fit before an ellipsis. Every try is the whole line as Pango lays it out, in the
    /// caption's own direction.
    package static func image(_ caption: String, width: Int, scale: Double) throws(VipsError) -> VImage? {
        let text = caption.replacingOccurrences(of: "\n", with: " ")
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty, width > 0 else { return nil }
        let direction = TextDirection(of: text)
        let full = Double(CardStyle.captionFontSize) * scale
        let first = try render(text, pixels: full, direction: direction)
        if first.width <= width { return first }
        let fitted = full * Double(width) / Double(first.width)
        let smallest = full * Double(CardStyle.minimumScaleFactor)
        if fitted >= smallest {
            let shrunk = try render(text, pixels: fitted * 0.995, direction: direction)
            if shrunk.width <= width { return shrunk }
        }
        return try TextLine.truncated(text, width: width) { (candidate) throws(VipsError) in
            try render(candidate, pixels: smallest, direction: direction)
        }?.image
    }

    /// `text` at a font size of `pixels` (72 dpi makes points equal pixels), as tall as the line.
    private static func render(_ text: String, pixels: Double, direction: TextDirection) throws(VipsError) -> VImage {
        try TextLine.image(
            text, face: face, pixels: pixels, ink: [0, 0, 0], opacity: Double(CardStyle.captionOpacity),
            direction: direction)
    }
}
