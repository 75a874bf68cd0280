import Vips

/// A rendered board and the photos that could not be drawn.
package struct BoardOutcome: Sendable {
    /// The board image, opaque 8-bit sRGB, the board's size times the scale.
    package let image: VImage
    /// One error per photo that could not be read, in drawing order.
    package let failures: [RenderError]
    /// Whether the unreadable photos were drawn as empty cards rather than skipped.
    package let placeholders: Bool

    /// Makes an outcome.
    package init(image: VImage, failures: [RenderError], placeholders: Bool) {
        self.image = image
        self.failures = failures
        self.placeholders = placeholders
    }
}
