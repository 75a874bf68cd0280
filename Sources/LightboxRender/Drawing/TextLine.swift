import Foundation
import Vips

/// One line of text as drawn over a card, a contact sheet or the viewer's header: the letters in
/// one ink, each emoji in its own colours, as tall as the font's line, as sRGB with alpha.
///
/// The whole line is one Pango layout, drawn by libvips' `text`: HarfBuzz shapes it (Arabic
/// letters joined, marks on their bases, emoji sequences as one glyph) and the Unicode
/// bidirectional algorithm orders it, in the paragraph direction the text gives (`TextDirection`),
/// as a `UILabel` with natural alignment does. Measuring, cutting and drawing all take the width
/// of this one image, never of pieces drawn apart.
///
/// Pango takes the letters from the face asked for (`Typeface`) and, through fontconfig's
/// fallback, each emoji from Noto Color Emoji (Debian `fonts-noto-color-emoji`, a colour bitmap
/// font); libvips' `text` draws them through cairo with `rgba`, which keeps a colour glyph's
/// colours where the one-band mask drew its silhouette (and, without the font, a box with the
/// code point in it). The emoji font is not named in the face's list: Pango would then take the
/// digits, `#` and `*` from it too, which it holds for the keycap sequences.
enum TextLine {
    /// `text` (plain, escaped here) in `face` at a size of `pixels` with letters in `ink` (0 to
    /// 255 per band, three bands), all of it at `opacity` (emoji too, as a colour's opacity fades a
    /// whole `Text` on iOS); emoji the face lacks in colour (`EmojiPresentation`).
    ///
    /// The paragraph runs in `direction`, by default the text's own; a start of a longer text
    /// is given that text's direction, so that cutting it keeps its order. `features` are
    /// OpenType features besides `calt=0` (`asGiven`), such as `tnum`.
    ///
    /// libvips crops text to its ink, so "xo" and "Kyoto" would sit at different heights. The
    /// text is drawn a second time followed by a box-drawing bar, which spans the font's whole
    /// line; that drawing cut to the text's own width keeps the text at its place in the line.
    /// The bar ends the paragraph, on the right of a left-to-right one and on the left of a
    /// right-to-left one, so the text is cut from the other side.
    static func image(
        _ text: String, face: Typeface, pixels: Double, ink: [Double], opacity: Double = 1,
        features: String? = nil, direction: TextDirection? = nil
    ) throws(VipsError) -> VImage {
        let direction = direction ?? TextDirection(of: text)
        let shown = escaped(EmojiPresentation.coloured(text, face: face.coverage))
        let markup = { (tail: String) in
            direction.mark + coloured(asGiven(featured(shown + tail, features)), ink: ink)
        }
        let font = face.description(pixels: pixels)
        let drawn = try VImage.text(markup(""), font: font, dpi: 72, rgba: true)
        let line = try VImage.text(markup(" \u{2502}"), font: font, dpi: 72, rgba: true)
        var image = drawn
        if line.width > drawn.width, line.height >= drawn.height {
            let left = direction == .rightToLeft ? line.width - drawn.width : 0
            image = try line.crop(left: left, top: 0, width: drawn.width, height: line.height)
        }
        guard opacity < 1 else { return image }
        return try image.linear([1, 1, 1, max(opacity, 0)], [0, 0, 0, 0]).cast("uchar")
    }

    /// `markup` with the font's contextual alternates off, so captions and labels (file names,
    /// mostly) show the characters they hold: Inter's `calt` draws the `x` of `1001x479` as `×`.
    private static func asGiven(_ markup: String) -> String {
        "<span font_features=\"calt=0\">" + markup + "</span>"
    }

    /// `text` with Pango markup's special characters escaped.
    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// `markup` in `ink` (0 to 255 per band, three bands).
    private static func coloured(_ markup: String, ink: [Double]) -> String {
        let hex = ink.prefix(3).map { String(format: "%02x", Int(min(max($0, 0), 255).rounded())) }.joined()
        return "<span foreground=\"#\(hex)\">" + markup + "</span>"
    }

    /// `markup` with the OpenType `features` on, or as it is without any.
    private static func featured(_ markup: String, _ features: String?) -> String {
        guard let features else { return markup }
        return "<span font_features=\"\(features)\">" + markup + "</span>"
    }
}
