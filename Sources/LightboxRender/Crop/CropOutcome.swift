import Foundation
import LightboxGeometry
import Vips

/// What happened to one crop: where it came from, the numbers used, and any error.
package struct CropOutcome: Sendable, Codable {
    /// The input path, as given.
    package let input: String
    /// The output path.
    package let output: String
    /// The sanitized normalized rect (made square in pixels when the item asked for it).
    package var rect: CGRect
    /// Whether `--square` shrank the square because the image is smaller than its side (`"clipped": true`).
    package var squareShrunk = false
    /// The displayed (oriented) image size, when the input could be opened.
    package var image: ImageSize?
    /// The pixel rect on the displayed image, when it could be computed: for an upright box the
    /// part of the photo its corners hold; for a lossless cut the snapped rect.
    package var pixels: PixelRect?
    /// Whether a lossless cut grew (or trimmed) the asked rect to the JPEG's iMCU grid; `pixels` is then the cut's.
    package var snapped = false
    /// The written size when it is not `pixels`': `--resize`'s target, or an upright box's own
    /// width x height; nil otherwise.
    package var outputSize: ImageSize?
    /// The failure, or nil when the crop was written (or planned, in a dry run).
    package var error: RenderError?
    /// Whether `error` is the input's, already reported with an earlier crop of the same input.
    package var repeatsInputError = false
    /// The decoder that served the pixels, or a lossless cut; nil when not written.
    package var decoder: PixelDecoder?
    /// Why a HEIF input was decoded whole by libvips rather than by its tiles (`alpha`,
    /// `not-grid`, `every-tile`...); nil for any other input, or when the tiles served it.
    package var fallback: String?
    /// The shrink-on-load the pixels were decoded at (2, 4 or 8 when `--resize` allowed it), else 1.
    package var loadShrink = 1
    /// The decoder's warnings about the input when the crop was written despite them (its
    /// failure's are the error's); empty when there were none.
    package var warnings = DecoderWarnings()
    /// Whether `warnings` are those an earlier crop of the same input already carried.
    package var repeatsInputWarnings = false
    /// Milliseconds spent writing this output (0 in a dry run).
    package var milliseconds: Double = 0

    /// Makes an outcome for one planned crop, before any work.
    package init(input: String, output: String, rect: CGRect) {
        self.input = input
        self.output = output
        self.rect = rect
    }
}
