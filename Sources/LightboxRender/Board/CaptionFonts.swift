import Foundation
import Vips

/// Captions holding characters that no installed font has: Pango draws each as a box with its
/// code point in it, so a board says which, once per caption, instead of drawing boxes silently.
///
/// The fonts are those fontconfig lists and Pango can use (`FontCoverage`); Debian's Noto fonts
/// (`fonts-noto-core`, `fonts-noto-cjk`, installed by `make deps` and in the image) cover the
/// scripts iOS draws.
package enum CaptionFonts {
    /// The most characters one warning names.
    static let namedCharacters = 10

    /// One warning for each caption of `captions` with characters no installed font has, naming
    /// the caption and those characters; a caption on several cards is warned of once.
    package static func warnings(_ captions: [String], fonts: FontCoverage = .installed) -> [String] {
        var warned = Set<String>()
        return captions.compactMap { caption in
            let missing = fonts.missing(in: caption)
            guard !missing.isEmpty, warned.insert(caption).inserted else { return nil }
            return warning(caption, missing: missing)
        }
    }

    /// The warning for `caption`, whose characters `missing` no font has.
    package static func warning(_ caption: String, missing: [Unicode.Scalar]) -> String {
        var named = missing.prefix(namedCharacters).map(Self.named).joined(separator: ", ")
        if missing.count > namedCharacters { named += " and \(missing.count - namedCharacters) more" }
        let drawn = missing.count == 1 ? "it is drawn as a box" : "they are drawn as boxes"
        let shown = caption.replacingOccurrences(of: "\n", with: " ")
        return "caption '\(shown)': no installed font has \(named); \(drawn)"
    }

    /// `scalar` as its code point and itself: `U+AC00 (가)`.
    private static func named(_ scalar: Unicode.Scalar) -> String {
        "U+\(String(format: "%04X", scalar.value)) (\(String(scalar)))"
    }
}
