import Foundation
import LightboxGeometry

/// One YOLO label line read: its class, the checked and padded rect to crop, and the shape the
/// line gives (an oriented box for four points, a polygon for three or five and more; nil for a
/// box or a pose line).
package struct YOLOLabel: Equatable, Sendable {
    /// The class id.
    package let classID: Int
    /// The checked, padded normalized rect (the shape's bounds for a polygon or oriented box).
    package let rect: CGRect
    /// The oriented box (grown by the padding in its own frame) or the polygon (as given; its
    /// padding is on `rect`); nil for a plain box.
    package let shape: CropShape?

    /// Makes a label from its parts.
    package init(classID: Int, rect: CGRect, shape: CropShape?) {
        self.classID = classID
        self.rect = rect
        self.shape = shape
    }

    /// The shape of a line's point values `x1 y1 x2 y2 ...`: four points are an oriented box
    /// (the Ultralytics OBB line, padded by `pad` in its own frame), three or more a polygon.
    static func shape(points values: [Double], pad: Double) -> CropShape? {
        let points = stride(from: 0, to: values.count - 1, by: 2).map { CGPoint(x: values[$0], y: values[$0 + 1]) }
        if points.count == 4, let box = OrientedBox(corners: points) { return .oriented(box.padded(by: pad)) }
        return PolygonShape(parts: [points]).map { .polygon($0) }
    }
}
