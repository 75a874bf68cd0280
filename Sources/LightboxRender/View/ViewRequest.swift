import Foundation
import LightboxGeometry

/// One `lightbox view` snapshot or animation: the pager's pages, the state shown and how to write it.
package struct ViewRequest: Sendable, Codable {
    /// The pager's photos, in order.
    package var inputs: [String]
    /// The selected page as given (clamped when rendered).
    package var page: Int
    /// The output path.
    package var output: String
    /// The state shown (before clamping).
    package var state: ViewState
    /// Whether the header is drawn.
    package var chrome: Bool
    /// The colour under translucent pixels (0 to 255 per band), or nil to keep the alpha.
    package var under: [Double]?
    /// Where the released pull was heading, for the dismiss rule; nil means where it is.
    package var predicted: CGFloat?
    /// The animation to render instead of one snapshot, if any.
    package var animation: ViewAnimation?
    /// The number of frames of an animation.
    package var frames: Int
    /// The duration of an animation in seconds.
    package var duration: Double

    /// Makes a request for a snapshot; set `animation`, `frames` and `duration` for an animation.
    package init(
        inputs: [String], page: Int, output: String, state: ViewState, chrome: Bool = false, under: [Double]? = nil
    ) {
        self.inputs = inputs
        self.page = page
        self.output = output
        self.state = state
        self.chrome = chrome
        self.under = under
        predicted = nil
        animation = nil
        frames = 1
        duration = 0.25
    }

    /// The page shown: the selection clamped to the pages that exist.
    package var shownPage: Int {
        ViewportMath.clampedPage(page, count: inputs.count)
    }

    /// Whether releasing the pull closes, by the style's seed rule.
    package var dismisses: Bool {
        state.dismisses(predicted: predicted)
    }
}
