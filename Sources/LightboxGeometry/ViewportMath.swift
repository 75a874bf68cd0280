import Foundation

/// The math of a full-screen photo pager whose pages zoom and pan, and which closes on a pull down.
///
/// Sizes and offsets are in points. A page shows its photo fitted to the page, scaled by the
/// page's zoom and moved by its pan offset; pulling the pager down fades the backdrop and
/// shrinks the photos.
public enum ViewportMath {
    /// The largest zoom of a page, unless told otherwise.
    public static let defaultMaxZoom: CGFloat = 4

    /// The zoom a double tap goes to from fit, before it is clamped to the largest zoom.
    public static let doubleTapZoom: CGFloat = 2.5

    /// How far, in points, the pager must be pulled down for the full fade and shrink.
    public static let pullDistance: CGFloat = 320

    /// The horizontal padding of the header with the page label and the close button, in points.
    public static let headerPadding: CGFloat = 16

    /// The side of the round close button, in points.
    public static let closeButtonSide: CGFloat = 44

    /// A pan offset kept where the zoomed photo still covers the page on the sides that overflow.
    ///
    /// `photo` is the photo's size at fit and `size` the page's size. A side that still fits
    /// the page at this zoom cannot pan, so its offset becomes zero.
    public static func clampedOffset(_ offset: CGSize, zoom: CGFloat, photo: CGSize, in size: CGSize) -> CGSize {
        let limit = CGSize(
            width: max((photo.width * zoom - size.width) / 2, 0),
            height: max((photo.height * zoom - size.height) / 2, 0)
        )
        return CGSize(
            width: min(max(offset.width, -limit.width), limit.width),
            height: min(max(offset.height, -limit.height), limit.height)
        )
    }

    /// A zoom kept between 1 and `maxZoom`, where a `maxZoom` below 1 counts as 1.
    public static func clampedZoom(_ zoom: CGFloat, maxZoom: CGFloat) -> CGFloat {
        min(max(zoom, 1), max(maxZoom, 1))
    }

    /// The nearest valid page index, or 0 for an empty pager.
    public static func clampedPage(_ page: Int, count: Int) -> Int {
        min(max(page, 0), max(count - 1, 0))
    }

    /// The zoom after a double tap: back to fit when zoomed in, otherwise the double-tap zoom.
    public static func toggledZoom(_ zoom: CGFloat, maxZoom: CGFloat) -> CGFloat {
        zoom > 1 ? 1 : clampedZoom(doubleTapZoom, maxZoom: maxZoom)
    }

    /// The size of a photo scaled to fit a container, keeping its aspect ratio.
    ///
    /// A photo side that is zero, negative or not finite gives a zero size, and so does a
    /// container side that is negative or not a number.
    public static func fittedSize(of photo: CGSize, in container: CGSize) -> CGSize {
        guard photo.width > 0, photo.height > 0, photo.width.isFinite, photo.height.isFinite else {
            return .zero
        }
        let width = container.width > 0 ? container.width : 0
        let height = container.height > 0 ? container.height : 0
        let scale = min(width / photo.width, height / photo.height)
        return CGSize(width: photo.width * scale, height: photo.height * scale)
    }

    /// How far a pull down has gone towards the pull distance, from 0 to 1.
    public static func pullProgress(_ pull: CGFloat) -> CGFloat {
        min(max(pull, 0) / pullDistance, 1)
    }

    /// The opacity of the black backdrop at a given pull progress: from 1 down to 0.3.
    public static func backdropOpacity(progress: CGFloat) -> CGFloat {
        1 - progress * 0.7
    }

    /// The scale of the pager at a given pull progress: from 1 down to 0.8.
    public static func contentScale(progress: CGFloat) -> CGFloat {
        1 - progress * 0.2
    }

    /// The header's "N of M" label for a page, or nil when the pager has no photos.
    ///
    /// The page is clamped first, so a stale index still names a photo that exists.
    public static func pageLabel(page: Int, count: Int) -> String? {
        guard count > 0 else { return nil }
        return "\(clampedPage(page, count: count) + 1) of \(count)"
    }
}
