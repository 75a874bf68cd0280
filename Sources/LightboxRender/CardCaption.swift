import Foundation
import LightboxGeometry
import Vips

/// The caption line: one line, centred, shrinking to `CardStyle.minimumScaleFactor` before an ellipsis cuts it.
package enum CardCaption {
    /// The typeface: Inter Display Medium where installed, then Inter Medium, then DejaVu Sans Book.
    package static let face = Typeface.caption

    /// The caption's mask (0 to 255) fitted into `width` pixels, or nil for an empty caption.
    ///
    /// The text is set at `CardStyle.captionFontSize` points; if it is too wide, at the size that
    /// fits, down to the minimum scale; below that, at the minimum scale with as many characters
    /// as fit before an ellipsis.
    package static func mask(_ caption: String, width: Int, scale: Double) throws(VipsError) -> VImage? {
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

    /// `text` as a mask at a font size of `pixels` (72 dpi makes points equal pixels), as tall as the line.
    private static func render(_ text: String, pixels: Double) throws(VipsError) -> VImage {
        try line(escaped(text), font: face.description(pixels: pixels))
    }

    /// Pango `markup` in `font` as a mask as tall as the font's line, so every text sits at its
    /// place in the line, drawn as given (`asGiven`).
    ///
    /// libvips crops text to its ink, so "xo" and "Kyoto" would sit at different heights. The
    /// text is drawn a second time followed by a box-drawing bar, which spans the font's whole
    /// line; that drawing cut to the text's own width keeps the text at its place in the line.
    static func line(_ markup: String, font: String) throws(VipsError) -> VImage {
        let ink = try VImage.text(asGiven(markup), font: font, dpi: 72)
        let line = try VImage.text(asGiven(markup + " \u{2502}"), font: font, dpi: 72)
        guard line.width > ink.width, line.height >= ink.height else { return ink }
        return try line.crop(left: 0, top: 0, width: ink.width, height: line.height)
    }

    /// `markup` with the font's contextual alternates off, so captions and labels (file names,
    /// mostly) show the characters they hold: Inter's `calt` draws the `x` of `1001x479` as `×`.
    static func asGiven(_ markup: String) -> String {
        "<span font_features=\"calt=0\">" + markup + "</span>"
    }

    /// `text` with Pango markup's special characters escaped.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
