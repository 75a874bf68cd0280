import Foundation
import LightboxGeometry

/// Which frame a COCO or VOC pixel box is in, from the annotation's image size and the
/// image's stored and displayed sizes.
package enum AnnotationFrame: Equatable {
    /// The annotation size is the displayed size: boxes are over the image as shown.
    case displayed
    /// The annotation size is the stored size of an image shown turned (EXIF 5 to 8).
    case stored
    /// The annotation size matches neither: boxes are scaled to the displayed image.
    case neither

    /// The frame for an annotation size over an image stored `width` by `height` with `orientation`.
    package init(_ size: AnnotatedSize, width: Int, height: Int, orientation: ExifOrientation) {
        let shown = orientation.displayedSize(width: width, height: height)
        if size.width == shown.width && size.height == shown.height {
            self = .displayed
        } else if size.width == width && size.height == height {
            self = .stored
        } else {
            self = .neither
        }
    }

    /// The normalized rect on the displayed image that shows the normalized `rect` of the stored pixels.
    package static func displayedRect(ofStored rect: CGRect, orientation: ExifOrientation) -> CGRect {
        let corners = [
            displayedPoint(rect.minX, rect.minY, orientation), displayedPoint(rect.maxX, rect.maxY, orientation),
        ]
        let (xs, ys) = (corners.map(\.0), corners.map(\.1))
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// The shape on the displayed image that shows `shape`, given over the stored pixels.
    package static func displayedShape(ofStored shape: CropShape, orientation: ExifOrientation) -> CropShape {
        let point = { (stored: CGPoint) -> CGPoint in
            let (x, y) = displayedPoint(stored.x, stored.y, orientation)
            return CGPoint(x: x, y: y)
        }
        switch shape {
        case .polygon(let polygon):
            return PolygonShape(parts: polygon.parts.map { $0.map(point) }).map { .polygon($0) } ?? shape
        case .mask(let mask):
            return .mask(mask.displayed(orientation: orientation))
        case .oriented(let box):
            guard case .corners(let corners) = box.form, let turned = OrientedBox(corners: corners.map(point)) else {
                return shape
            }
            return .oriented(turned)
        }
    }

    /// Where the stored point (s, t), normalized, shows on the displayed image.
    private static func displayedPoint(_ s: Double, _ t: Double, _ orientation: ExifOrientation) -> (Double, Double) {
        switch orientation {
        case .up: return (s, t)
        case .upMirrored: return (1 - s, t)
        case .down: return (1 - s, 1 - t)
        case .downMirrored: return (s, 1 - t)
        case .leftMirrored: return (t, s)
        case .right: return (1 - t, s)
        case .rightMirrored: return (1 - t, 1 - s)
        case .left: return (t, 1 - s)
        }
    }
}
