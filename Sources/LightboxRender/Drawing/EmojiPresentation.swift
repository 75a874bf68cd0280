import Vips

/// Emoji drawn in colour as iOS draws them: an emoji the face lacks comes from the colour emoji
/// font, even one Unicode shows as text by default (🏖, 🕊 without U+FE0F), as Core Text falls back
/// to Apple Color Emoji; one the face has (©, ™, ☀ in DejaVu Sans) stays a letter of the face.
///
/// Pango shows such an emoji as text, from the first font that has it: Noto Sans Symbols2 (Debian
/// `fonts-noto-core`) draws 🏖 in black. Marking it with U+FE0F, the emoji variation selector,
/// makes Pango take it from Noto Color Emoji; the selector is invisible and takes no room.
enum EmojiPresentation {
    /// The emoji variation selector.
    static let selector: Unicode.Scalar = "\u{FE0F}"

    /// `text` with U+FE0F after each emoji that shows as text by default and that `face` lacks,
    /// unless a variation selector or a skin tone already follows it.
    static func coloured(_ text: String, face: FontCoverage) -> String {
        let scalars = Array(text.unicodeScalars)
        var marked = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            marked.append(scalar)
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            if showsAsText(scalar), !decided(by: next), !face.has(scalar) { marked.append(selector) }
        }
        return String(marked)
    }

    /// Whether `scalar` is an emoji that Unicode shows as text unless asked (not an ASCII
    /// character: digits, `#` and `*` are emoji only in keycap sequences).
    private static func showsAsText(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value > 0x7F && scalar.properties.isEmoji && !scalar.properties.isEmojiPresentation
    }

    /// Whether `next` already decides how the emoji before it shows: a variation selector
    /// (U+FE0E text, U+FE0F emoji) or a skin tone (U+1F3FB to U+1F3FF), which makes it an emoji.
    private static func decided(by next: Unicode.Scalar?) -> Bool {
        guard let next else { return false }
        return next.value == 0xFE0E || next.value == 0xFE0F || (0x1F3FB...0x1F3FF).contains(next.value)
    }
}
