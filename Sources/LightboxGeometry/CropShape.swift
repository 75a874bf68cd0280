import Foundation

/// What a crop cuts besides its rect: an oriented box, a polygon outline or a run-length mask,
/// each normalized over the displayed (EXIF-upright) photo, like a crop rect.
///
/// An oriented box carries its own padding (grown in its frame); for a polygon or a mask the
/// padding is on the crop rect, and the shape is the outline to keep.
package enum CropShape: Equatable, Sendable, Codable {
    /// A turned box (YOLO OBB, a rect with an angle).
    case oriented(OrientedBox)
    /// One or more polygons (YOLO segment, COCO polygons).
    case polygon(PolygonShape)
    /// A COCO run-length mask over the whole photo.
    case mask(RunLengthMask)

    /// The normalized rect holding the shape on a displayed `width` by `height` photo (not clipped).
    package func bounds(width: Int, height: Int) -> CGRect {
        switch self {
        case .oriented(let box): return box.bounds(width: width, height: height)
        case .polygon(let polygon): return polygon.bounds
        case .mask(let mask): return mask.normalizedBounds ?? .zero
        }
    }

    /// The shape's outline as polygons for a mask; nil for a run-length mask, which is drawn from its runs.
    package func outline(width: Int, height: Int) -> PolygonShape? {
        switch self {
        case .oriented(let box): return PolygonShape(parts: [box.outline(width: width, height: height)])
        case .polygon(let polygon): return polygon
        case .mask: return nil
        }
    }

    /// A short name for messages: "oriented box", "polygon" or "mask".
    package var kind: String {
        switch self {
        case .oriented: return "oriented box"
        case .polygon: return "polygon"
        case .mask: return "mask"
        }
    }
}
