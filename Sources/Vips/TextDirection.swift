import CVips

/// The direction of a paragraph of text, as Pango sets it from the text itself (auto-dir): its first
/// character of a strong direction decides, Hebrew or Arabic right to left, Latin left to right;
/// a text with none (digits, punctuation, emoji) is left to right.
package enum TextDirection: Sendable, Equatable {
    /// Left to right: Latin, Greek, Cyrillic, CJK, and text without a strong direction.
    case leftToRight
    /// Right to left: Hebrew, Arabic, Syriac, Thaana, N'Ko and the like.
    case rightToLeft

    /// The direction Pango gives `text` as a paragraph.
    package init(of text: String) {
        self = lbx_text_is_right_to_left(text) != 0 ? .rightToLeft : .leftToRight
    }

    /// The invisible mark of this direction (U+200E or U+200F): put first, it gives a text this
    /// direction whatever follows, so a start of a caption keeps the whole caption's.
    package var mark: String {
        self == .rightToLeft ? "\u{200F}" : "\u{200E}"
    }
}
