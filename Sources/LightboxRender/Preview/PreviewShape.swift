import Foundation
import LightboxGeometry

/// What a crop's preview outlines, normalized over the displayed photo: the rect that was cut,
/// or the shape the crop came from where the cut follows it.
///
/// An oriented box (`--angle`, a YOLO OBB line, `--oriented`) is always the turned box, cut
/// upright or to its bounds; a polygon or a run-length mask is its outline when it was masked
/// (`--mask`); anything else is the rect, as the app's crop screen draws it.
package enum PreviewShape: Sendable, Equatable {
    /// A level rect.
    case rect(CGRect)
    /// A turned box: its corners top left, top right, bottom right, bottom left in its own frame.
    case turned([CGPoint])
    /// A polygon's parts, united.
    case polygon(PolygonShape)
    /// A run-length mask over the whole photo.
    case mask(RunLengthMask)

    /// The shape to outline for a crop of `rect` with `shape` cut by `cut`, `square` when it was
    /// squared, on a displayed `image` (nil when the photo was not opened: the rect then).
    package static func of(
        rect: CGRect, shape: CropShape?, cut: CropCut, square: Bool, image: (width: Int, height: Int)?
    ) -> PreviewShape {
        guard let image, image.width > 0, image.height > 0, let shape else { return .rect(rect) }
        switch shape {
        case .oriented(let box):
            var frame = box.frame(width: image.width, height: image.height)
            // An upright cut squares the box itself; a bounds cut squares the rect holding it.
            if square && cut.isUpright(shape) { frame = frame.squared() }
            let (w, h) = (CGFloat(image.width), CGFloat(image.height))
            return .turned(frame.corners.map { CGPoint(x: $0.x / w, y: $0.y / h) })
        case .polygon(let polygon):
            return cut.mask ? .polygon(polygon) : .rect(rect)
        case .mask(let runs):
            return cut.mask ? .mask(runs) : .rect(rect)
        }
    }

    /// The normalized rect holding the shape, for the margin its strokes may need.
    package var bounds: CGRect {
        switch self {
        case .rect(let rect): return rect
        case .turned(let corners): return PolygonShape(parts: [corners])?.bounds ?? .zero
        case .polygon(let polygon): return polygon.bounds
        case .mask(let runs): return runs.normalizedBounds ?? .zero
        }
    }
}
