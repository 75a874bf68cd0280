/// Typed wrappers the shaped cuts and their previews use: alpha undone after a resample,
/// pixel-by-pixel products and differences, a mask's edge.
extension VImage {
    /// Premultiplied alpha divided back out of the colour bands (float).
    package func unpremultiplied() throws(VipsError) -> VImage {
        try VOperation.call("unpremultiply", [("in", .image(self))]).image()
    }

    /// Each value rounded to the nearest whole number (`round` with `rint`), so a cast to
    /// integers that follows does not truncate half a level away.
    package func roundedToNearest() throws(VipsError) -> VImage {
        try VOperation.call("round", [("in", .image(self)), ("round", .nick("rint"))]).image()
    }

    /// Each pixel times the matching pixel of `other` (float for 8-bit bands).
    package func multiplied(by other: VImage) throws(VipsError) -> VImage {
        try VOperation.call("multiply", [("left", .image(self)), ("right", .image(other))]).image()
    }

    /// Each pixel less the matching pixel of `other` (signed for 8-bit bands).
    package func subtracting(_ other: VImage) throws(VipsError) -> VImage {
        try VOperation.call("subtract", [("left", .image(self)), ("right", .image(other))]).image()
    }

    /// Each pixel replaced by the `index`-th smallest value of the `window` x `window` square around
    /// it (`rank`): 0 erodes a mask, `window * window - 1` dilates it.
    package func ranked(window: Int, index: Int) throws(VipsError) -> VImage {
        try VOperation.call(
            "rank", [("in", .image(self)), ("width", .int(window)), ("height", .int(window)), ("index", .int(index))]
        ).image()
    }

    /// The image's bands without its last one, and the last one (its alpha).
    package func splitAlpha() throws(VipsError) -> (colour: VImage, alpha: VImage) {
        (try band(0, count: bands - 1), try band(bands - 1))
    }
}
