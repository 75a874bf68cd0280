import Foundation
import Vips

/// One line of text as drawn over a card, a contact sheet or the viewer's header: the letters in
/// one ink, each emoji in its own colours, as tall as the font's line, as sRGB with alpha.
///
/// Pango takes the letters from the face asked for (`Typeface`) and, through fontconfig's
/// fallback, each emoji from Noto Color Emoji (Debian `fonts-noto-color-emoji`, a colour bitmap
/// font); libvips' `text` draws them through cairo with `rgba`, which keeps a colour glyph's
/// colours where the one-band mask drew its silhouette (and, without the font, a box with the
/// code point in it). The emoji font is not named in the face's list: Pango would then take the
/// digits, `#` and `*` from it too, which it holds for the keycap sequences.
enum TextLine {
    /// `markup` in `font` with letters in `ink` (0 to 255 per band, three bands), all of it at
    /// `opacity` (emoji too, as a colour's opacity fades a whole `Text` on iOS).
    ///
    /// libvips crops text to its ink, so "xo" and "Kyoto" would sit at different heights. The
    /// text is drawn a second time followed by a box-drawing bar, which spans the font's whole
    /// line; that drawing cut to the text's own width keeps the text at its place in the line.
    static func image(_ markup: String, font: String, ink: [Double], opacity: Double = 1) throws(VipsError) -> VImage {
        let hex = ink.prefix(3).map { String(format: "%02x", Int(min(max($0, 0), 255).rounded())) }.joined()
        let coloured = { (text: String) in "<span foreground=\"#\(hex)\">" + asGiven(text) + "</span>" }
        let drawn = try VImage.text(coloured(markup), font: font, dpi: 72, rgba: true)
        let line = try VImage.text(coloured(markup + " \u{2502}"), font: font, dpi: 72, rgba: true)
        var image = drawn
        if line.width > drawn.width, line.height >= drawn.height {
            image = try line.crop(left: 0, top: 0, width: drawn.width, height: line.height)
        }
        guard opacity < 1 else { return image }
        return try image.linear([1, 1, 1, max(opacity, 0)], [0, 0, 0, 0]).cast("uchar")
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
