import Foundation

/// A draggable part of the crop frame; crop rectangles are normalized to the unit square.
///
/// The body moves the whole frame, the four edges move one side each, and the four corners
/// move the two sides that meet there.
public enum CropHandle: CaseIterable, Hashable, Sendable {
    /// The inside of the frame, which moves the frame without resizing it.
    case body
    /// The top edge.
    case top
    /// The right edge.
    case right
    /// The bottom edge.
    case bottom
    /// The left edge.
    case left
    /// The top-left corner.
    case topLeft
    /// The top-right corner.
    case topRight
    /// The bottom-right corner.
    case bottomRight
    /// The bottom-left corner.
    case bottomLeft

    /// The smallest side a resize leaves, as a fraction of the image, unless told otherwise.
    public static let defaultMinimumSide: CGFloat = 0.15

    private var movesLeftEdge: Bool {
        self == .left || self == .topLeft || self == .bottomLeft
    }

    private var movesRightEdge: Bool {
        self == .right || self == .topRight || self == .bottomRight
    }

    private var movesTopEdge: Bool {
        self == .top || self == .topLeft || self == .topRight
    }

    private var movesBottomEdge: Bool {
        self == .bottom || self == .bottomLeft || self == .bottomRight
    }

    /// The normalized rectangle after dragging this handle by a normalized `delta`.
    ///
    /// The body slides the frame and stops at the edges of the unit square. Edges and corners
    /// stop inside the unit square and never make a side shorter than `minimumSide`, which is
    /// itself kept within 0.01...1.
    public func adjusting(
        _ rect: CGRect,
        by delta: CGSize,
        minimumSide: CGFloat = CropHandle.defaultMinimumSide
    ) -> CGRect {
        if self == .body {
            return CGRect(
                x: min(max(rect.minX + delta.width, 0), max(1 - rect.width, 0)),
                y: min(max(rect.minY + delta.height, 0), max(1 - rect.height, 0)),
                width: rect.width,
                height: rect.height
            )
        }

        let side = min(max(minimumSide, 0.01), 1)
        var left = rect.minX
        var right = rect.maxX
        var top = rect.minY
        var bottom = rect.maxY
        if movesLeftEdge {
            left = max(min(left + delta.width, right - side), 0)
        }
        if movesRightEdge {
            right = min(max(right + delta.width, left + side), 1)
        }
        if movesTopEdge {
            top = max(min(top + delta.height, bottom - side), 0)
        }
        if movesBottomEdge {
            bottom = min(max(bottom + delta.height, top + side), 1)
        }
        return CGRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The touch area of this handle around a crop frame given in points.
    ///
    /// Corners get a `grip`-sided square centred on the corner, edges a `grip`-thick band
    /// between the corners, and the body the frame inset by half a grip on each side.
    public func hitArea(around rect: CGRect, grip: CGFloat) -> CGRect {
        let half = grip / 2
        switch self {
        case .body:
            return rect.insetBy(dx: min(half, rect.width / 2), dy: min(half, rect.height / 2))
        case .top:
            return CGRect(x: rect.minX + half, y: rect.minY - half, width: max(rect.width - grip, 0), height: grip)
        case .bottom:
            return CGRect(x: rect.minX + half, y: rect.maxY - half, width: max(rect.width - grip, 0), height: grip)
        case .left:
            return CGRect(x: rect.minX - half, y: rect.minY + half, width: grip, height: max(rect.height - grip, 0))
        case .right:
            return CGRect(x: rect.maxX - half, y: rect.minY + half, width: grip, height: max(rect.height - grip, 0))
        case .topLeft:
            return CGRect(x: rect.minX - half, y: rect.minY - half, width: grip, height: grip)
        case .topRight:
            return CGRect(x: rect.maxX - half, y: rect.minY - half, width: grip, height: grip)
        case .bottomLeft:
            return CGRect(x: rect.minX - half, y: rect.maxY - half, width: grip, height: grip)
        case .bottomRight:
            return CGRect(x: rect.maxX - half, y: rect.maxY - half, width: grip, height: grip)
        }
    }

    /// A rectangle inside the unit square made from any rectangle, or the unit square itself.
    ///
    /// The rectangle is standardized and cut to the unit square; when nothing with an area is
    /// left, or when a coordinate is not a number, the result is the whole unit square.
    public static func sanitized(_ rect: CGRect) -> CGRect {
        let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
        // Foundation on Linux traps when it intersects a rectangle with a NaN edge.
        guard !hasNaNEdge(rect) else { return unit }
        let standardized = rect.standardized
        guard !hasNaNEdge(standardized) else { return unit }
        let fitted = standardized.intersection(unit)
        return fitted.isNull || fitted.isEmpty ? unit : fitted
    }

    private static func hasNaNEdge(_ rect: CGRect) -> Bool {
        let values = [
            rect.origin.x, rect.origin.y, rect.size.width, rect.size.height,
            rect.origin.x + rect.size.width, rect.origin.y + rect.size.height,
        ]
        return values.contains { $0.isNaN }
    }
}
