import Foundation

/// A segmentation outline: one or more closed polygons (a COCO object split in parts, or one
/// YOLO segment line), normalized over the displayed photo; the shape is their union.
package struct PolygonShape: Equatable, Sendable, Codable {
    /// The parts, each three or more normalized points.
    package let parts: [[CGPoint]]

    /// A shape from its parts; nil unless every part has three or more finite points.
    package init?(parts: [[CGPoint]]) {
        guard !parts.isEmpty,
            parts.allSatisfy({ part in part.count >= 3 && part.allSatisfy { $0.x.isFinite && $0.y.isFinite } })
        else { return nil }
        self.parts = parts
    }

    /// A shape from flat coordinate lists `x1 y1 x2 y2 ...`, one per part, scaled by `scale`
    /// (1 / the image size for pixel coordinates); nil unless each list is three or more points.
    package init?(flat lists: [[Double]], scale: (x: Double, y: Double) = (1, 1)) {
        guard lists.allSatisfy({ $0.count >= 6 && $0.count % 2 == 0 }) else { return nil }
        self.init(
            parts: lists.map { values in
                stride(from: 0, to: values.count, by: 2).map {
                    CGPoint(x: values[$0] * scale.x, y: values[$0 + 1] * scale.y)
                }
            })
    }

    /// The normalized rect holding every part (not clipped).
    package var bounds: CGRect { OrientedBox.bounds(of: parts.flatMap { $0 }) }

    /// Whether the normalized point lies inside any part (even-odd within a part, as a part has no holes).
    package func contains(_ point: CGPoint) -> Bool {
        parts.contains { part in
            var inside = false
            var previous = part[part.count - 1]
            for current in part {
                if (current.y > point.y) != (previous.y > point.y) {
                    let x = (previous.x - current.x) * (point.y - current.y) / (previous.y - current.y) + current.x
                    if point.x < x { inside.toggle() }
                }
                previous = current
            }
            return inside
        }
    }
}
