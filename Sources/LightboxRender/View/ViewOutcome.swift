import Foundation
import LightboxGeometry
import Vips

/// What one `lightbox view` output was: the input shown, the clamped layout rendered, and any error.
package struct ViewOutcome: Sendable, Codable {
    /// The request.
    package let request: ViewRequest
    /// The input shown (the clamped page's).
    package let input: String
    /// The layout of the snapshot (the first frame of an animation), once the input could be opened.
    package var layout: ViewportLayout?
    /// The failure, or nil when the output was written (or planned, in a dry run).
    package var error: RenderError?
    /// The decoder that served the pixels; nil when nothing was written.
    package var decoder: PixelDecoder?
    /// Why a HEIF photo was decoded whole by libvips rather than by its tiles; nil otherwise.
    package var fallback: String?
    /// The decoder's warnings about the photo when the output was written despite them (its
    /// failure's are the error's); empty when there were none.
    package var warnings = DecoderWarnings()
    /// Milliseconds spent rendering and writing (0 in a dry run).
    package var milliseconds: Double = 0

    /// Makes an outcome before any work.
    package init(request: ViewRequest) {
        self.request = request
        input = request.inputs[request.shownPage]
    }
}
