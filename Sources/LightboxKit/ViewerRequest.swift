import Foundation

/// One snapshot of the photo viewer: the pager's photos, the page shown, and the state of the screen.
///
/// Every length is in points, as the app measures it; `scale` turns points into output pixels.
/// Zoom, page and offset are clamped as the app clamps them.
public struct ViewerRequest: Sendable, Equatable {
    /// The component that moves the page when it is pulled down.
    public enum Style: String, Sendable, CaseIterable {
        /// The lightbox: the backdrop fades as the photo is pulled.
        case viewer
        /// The drag-to-dismiss screen: the whole page shrinks, fades and moves down.
        case screen
    }

    /// The pager's photos, in order.
    public var photos: [String]
    /// The page shown, from 0.
    public var page: Int
    /// The output path; its extension chooses the format (JPEG and GIF are flattened onto white).
    public var output: String
    /// The screen in points, such as 390 by 844.
    public var screen: CGSize
    /// Output pixels per point.
    public var scale: CGFloat
    /// The page's zoom, from 1 (fit) to 4.
    public var zoom: CGFloat
    /// The pan of a zoomed page in points.
    public var offset: CGSize
    /// How far the page is pulled down, in points.
    public var pull: CGFloat
    /// The component that moves the page on a pull.
    public var style: Style
    /// The top safe area in points; the header is laid out below it.
    public var topInset: CGFloat
    /// Whether the header ("1 of 3" and the close button) is drawn.
    public var header: Bool

    /// Makes a request; the defaults show the page at rest, fitted, without a header.
    public init(
        photos: [String], page: Int = 0, output: String, screen: CGSize, scale: CGFloat = 1, zoom: CGFloat = 1,
        offset: CGSize = .zero, pull: CGFloat = 0, style: Style = .viewer, topInset: CGFloat = 0, header: Bool = false
    ) {
        self.photos = photos
        self.page = page
        self.output = output
        self.screen = screen
        self.scale = scale
        self.zoom = zoom
        self.offset = offset
        self.pull = pull
        self.style = style
        self.topInset = topInset
        self.header = header
    }
}
