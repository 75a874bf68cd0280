/// A written viewer snapshot: the photo it shows and its size in pixels.
public struct ViewerResult: Sendable, Equatable {
    /// The photo shown: the page's, after the page is clamped to the photos there are.
    public let photo: String
    /// The output's width in pixels: the screen's width times the scale, rounded.
    public let width: Int
    /// The output's height in pixels.
    public let height: Int
}
