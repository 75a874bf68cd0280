import Foundation
import LightboxGeometry

/// One `lightbox view` snapshot or animation: the pager's pages, the state shown and how to write it.
public struct ViewRequest: Sendable {
    /// The pager's photos, in order.
    public var inputs: [String]
    /// The selected page as given (clamped when rendered).
    public var page: Int
    /// The output path.
    public var output: String
    /// The state shown (before clamping).
    public var state: ViewState
    /// Whether the header is drawn.
    public var chrome: Bool
    /// The colour under translucent pixels (0 to 255 per band), or nil to keep the alpha.
    public var under: [Double]?
    /// Where the released pull was heading, for the dismiss rule; nil means where it is.
    public var predicted: CGFloat?
    /// The animation to render instead of one snapshot, if any.
    public var animation: ViewAnimation?
    /// The number of frames of an animation.
    public var frames: Int
    /// The duration of an animation in seconds.
    public var duration: Double

    /// Makes a request for a snapshot; set `animation`, `frames` and `duration` for an animation.
    public init(
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
    public var shownPage: Int {
        ViewportMath.clampedPage(page, count: inputs.count)
    }

    /// Whether releasing the pull closes, by the style's seed rule.
    public var dismisses: Bool {
        state.dismisses(predicted: predicted)
    }
}
