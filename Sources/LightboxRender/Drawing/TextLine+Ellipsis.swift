import Foundation
import Vips

extension TextLine {
    /// The longest start of `text` that fits `width` pixels with an ellipsis after it, as drawn
    /// by `render`, found by bisection; the ellipsis alone when no start fits, nil when not even it does.
    ///
    /// A start is whole characters (grapheme clusters) in the order they are written, never
    /// a piece of one: an emoji sequence, a letter with its marks, a Hangul syllable stay whole.
    /// Each start is drawn whole with its ellipsis, so Arabic letters join as they will be shown,
    /// and the ellipsis ends the line: on the left of a right-to-left one, as `UILabel`'s tail
    /// truncation puts it (`render` gives every start the whole text's direction).
    static func truncated(
        _ text: String, width: Int, render: (String) throws(VipsError) -> VImage
    ) throws(VipsError) -> (text: String, image: VImage)? {
        let characters = Array(text)
        var (low, high) = (0, characters.count)
        var best: (text: String, image: VImage)?
        while low < high {
            let middle = (low + high + 1) / 2
            let candidate = String(characters[..<middle]).trimmingCharacters(in: .whitespaces) + "…"
            let image = try render(candidate)
            if image.width <= width {
                best = (candidate, image)
                low = middle
            } else {
                high = middle - 1
            }
        }
        if let best { return best }
        let ellipsis = try render("…")
        return ellipsis.width <= width ? ("…", ellipsis) : nil
    }
}
