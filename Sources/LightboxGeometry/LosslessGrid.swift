import Foundation

/// Where a JPEG can be cut without decoding its pixels: on its grid of iMCUs (8 or 16 pixels a
/// side, per the file's chroma sampling), turned upright block by block in the DCT domain.
///
/// A cut starts on a grid line and ends on one or on the image's own right or bottom edge
/// (the partial blocks there hold padding a decoder drops). When the EXIF orientation moves a
/// stored right or bottom edge to the output's left or top, a partial edge block would put that
/// padding on screen, so it is dropped, as `jpegtran -trim` does (where `-perfect` refuses).
package struct LosslessGrid: Equatable, Sendable {
    /// The stored width in pixels.
    package let width: Int
    /// The stored height in pixels.
    package let height: Int
    /// The iMCU width in pixels (8 or 16).
    package let blockWidth: Int
    /// The iMCU height in pixels (8 or 16).
    package let blockHeight: Int
    /// The orientation the photo is shown with.
    package let orientation: ExifOrientation

    /// Makes a grid.
    package init(width: Int, height: Int, blockWidth: Int, blockHeight: Int, orientation: ExifOrientation) {
        self.width = width
        self.height = height
        self.blockWidth = max(blockWidth, 1)
        self.blockHeight = max(blockHeight, 1)
        self.orientation = orientation
    }

    /// The steps that turn stored blocks upright: a transposition first, then mirrors of the
    /// output's x and y axes (read off `storedFromDisplayed`, whose inverse is its transpose).
    package var steps: (transpose: Bool, flipX: Bool, flipY: Bool) {
        let a = orientation.storedFromDisplayed(width: 1, height: 1).matrix
        let transpose = a[0] == 0
        // Displayed x = a[0]·stored x + a[2]·stored y (times the transpose), and so on for y.
        return transpose ? (true, a[2] < 0, a[1] < 0) : (false, a[0] < 0, a[3] < 0)
    }

    /// Whether the stored x and y extents must be whole iMCUs: the orientation shows the stored
    /// right (bottom) edge at the output's left or top.
    package var wholeBlocks: (x: Bool, y: Bool) {
        let a = orientation.storedFromDisplayed(width: 1, height: 1).matrix
        return (a[0] < 0 || a[1] < 0, a[2] < 0 || a[3] < 0)
    }

    /// The stored rect cut for the displayed `rect`: grown outward to the grid, a partial edge
    /// block dropped where the turn needs whole ones; nil when nothing is left.
    package func storedCut(of rect: PixelRect) -> PixelRect? {
        let stored = orientation.storedRect(of: rect, width: width, height: height)
        guard
            let (left, right) = LosslessGrid.snap(
                stored.left, stored.right, block: blockWidth, length: width, whole: wholeBlocks.x),
            let (top, bottom) = LosslessGrid.snap(
                stored.top, stored.bottom, block: blockHeight, length: height, whole: wholeBlocks.y)
        else { return nil }
        return PixelRect(left: left, top: top, width: right - left, height: bottom - top)
    }

    /// The displayed rect that shows the stored rect `stored`.
    package func displayed(_ stored: PixelRect) -> PixelRect {
        let shown = orientation.displayedSize(width: width, height: height)
        let (a, t) = orientation.storedFromDisplayed(width: Double(shown.width), height: Double(shown.height))
        // displayed = Aᵀ·(stored − t)
        let corners = [(stored.left, stored.top), (stored.right, stored.bottom)].map { x, y in
            let (dx, dy) = (Double(x) - t.0, Double(y) - t.1)
            return (Int(a[0] * dx + a[2] * dy), Int(a[1] * dx + a[3] * dy))
        }
        let left = min(corners[0].0, corners[1].0), top = min(corners[0].1, corners[1].1)
        return PixelRect(
            left: left, top: top, width: max(corners[0].0, corners[1].0) - left,
            height: max(corners[0].1, corners[1].1) - top)
    }

    /// One axis of the cut: `start` down and `end` up to the grid (or the image's edge), the
    /// partial last block dropped when `whole`; nil when nothing is left.
    static func snap(_ start: Int, _ end: Int, block: Int, length: Int, whole: Bool) -> (Int, Int)? {
        let first = max(start, 0) / block * block
        var last = min((end + block - 1) / block * block, length)
        if whole { last = last / block * block }
        return last > first ? (first, last) : nil
    }
}
