import Foundation
import LightboxGeometry

/// What one `lightbox view` output was: the input shown, the clamped layout rendered, and any error.
public struct ViewOutcome: Sendable {
    /// The request.
    public let request: ViewRequest
    /// The input shown (the clamped page's).
    public let input: String
    /// The layout of the snapshot (the first frame of an animation), once the input could be opened.
    public var layout: ViewportLayout?
    /// The failure, or nil when the output was written (or planned, in a dry run).
    public var error: RenderError?
    /// The decoder that served the pixels, "region" or "libvips"; nil when nothing was written.
    public var decoder: String?
    /// Milliseconds spent rendering and writing (0 in a dry run).
    public var milliseconds: Double = 0

    /// Makes an outcome before any work.
    public init(request: ViewRequest) {
        self.request = request
        input = request.inputs[request.shownPage]
    }
}
