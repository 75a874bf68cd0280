import Foundation

/// A box turned at any angle, normalized over the displayed (EXIF-upright) photo: four corners
/// as a YOLO OBB line gives them, or a rect turned about its centre as the app stores it.
///
/// Corner 1 to corner 2 is the box's top edge. Listed clockwise on the photo (DOTA and
/// Ultralytics labels) that edge runs left to right; listed counter-clockwise it runs right to
/// left, so the box comes out turned, never mirrored.
package struct OrientedBox: Equatable, Sendable, Codable {
    /// How the box was given.
    package enum Form: Equatable, Sendable, Codable {
        /// Four corners, normalized.
        case corners([CGPoint])
        /// A normalized rect turned `degrees` counter-clockwise (as seen on the photo) about its centre.
        case turned(CGRect, degrees: Double)
    }

    /// The box as it was given.
    package let form: Form

    /// A box from four normalized corners; nil unless there are four finite points.
    package init?(corners: [CGPoint]) {
        guard corners.count == 4, corners.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return nil }
        form = .corners(corners)
    }

    /// A normalized rect turned `degrees` counter-clockwise about its centre.
    package init(rect: CGRect, degrees: Double) {
        form = .turned(rect.standardized, degrees: degrees)
    }

    /// The box grown about its centre so each side moves out by `pad` of the box's size (in its own frame).
    package func padded(by pad: Double) -> OrientedBox {
        guard pad != 0 else { return self }
        switch form {
        case .corners(let corners):
            let centre = CGPoint(
                x: corners.map(\.x).reduce(0, +) / 4, y: corners.map(\.y).reduce(0, +) / 4)
            let scale = 1 + 2 * pad
            return OrientedBox(
                uncheckedCorners: corners.map {
                    CGPoint(x: centre.x + ($0.x - centre.x) * scale, y: centre.y + ($0.y - centre.y) * scale)
                })
        case .turned(let rect, let degrees):
            return OrientedBox(
                rect: rect.insetBy(dx: -pad * rect.width, dy: -pad * rect.height), degrees: degrees)
        }
    }

    /// The box in the pixels of a displayed `width` by `height` photo.
    package func frame(width: Int, height: Int) -> BoxFrame {
        let (w, h) = (Double(width), Double(height))
        switch form {
        case .corners(let corners):
            return BoxFrame(corners: corners.map { CGPoint(x: $0.x * w, y: $0.y * h) })
        case .turned(let rect, let degrees):
            let radians = degrees * .pi / 180
            return BoxFrame(
                centre: CGPoint(x: rect.midX * w, y: rect.midY * h),
                top: CGPoint(x: cos(radians), y: -sin(radians)), width: rect.width * w, height: rect.height * h)
        }
    }

    /// The normalized axis-aligned rect holding the box on a displayed `width` by `height` photo (not clipped).
    package func bounds(width: Int, height: Int) -> CGRect {
        if case .corners(let corners) = form { return OrientedBox.bounds(of: corners) }
        let pixels = frame(width: width, height: height).bounds
        let (w, h) = (CGFloat(max(width, 1)), CGFloat(max(height, 1)))
        return CGRect(x: pixels.minX / w, y: pixels.minY / h, width: pixels.width / w, height: pixels.height / h)
    }

    /// The box's outline as normalized corners in drawing order, for a mask.
    package func outline(width: Int, height: Int) -> [CGPoint] {
        if case .corners(let corners) = form { return corners }
        let (w, h) = (CGFloat(max(width, 1)), CGFloat(max(height, 1)))
        return frame(width: width, height: height).corners.map { CGPoint(x: $0.x / w, y: $0.y / h) }
    }

    /// The smallest rect holding `points`.
    static func bounds(of points: [CGPoint]) -> CGRect {
        let (xs, ys) = (points.map(\.x), points.map(\.y))
        let (minX, minY) = (xs.min() ?? 0, ys.min() ?? 0)
        return CGRect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }

    /// A box from corners already checked.
    private init(uncheckedCorners: [CGPoint]) {
        form = .corners(uncheckedCorners)
    }
}
