import Foundation
import LightboxGeometry

/// One crop asked for by a batch source (a manifest line, a YOLO box, a `--rect`).
package struct CropEntry: Sendable {
    /// The input path.
    package let input: String
    /// The sanitized normalized rect; for a pixel box (COCO, VOC) it is normalized over `annotatedSize`.
    package let rect: CGRect
    /// Where the crop goes.
    package let output: String
    /// Grow the short side (in pixels) to make the crop square.
    package let square: Bool
    /// Where it was asked for, for messages and reports.
    package let origin: EntryOrigin
    /// For a pixel box (COCO, VOC): the image size the annotation states; `rect` is
    /// normalized over it, and the frame it means is settled when the image is opened.
    package var annotatedSize: AnnotatedSize?
    /// Whether the rect was clipped to the image (reported as `"clipped": true`).
    package var clipped = false
    /// The oriented box, polygon or mask the crop came from (`Cropper.Item.shape`); nil for a
    /// plain rect. For a pixel box (COCO), it is normalized over `annotatedSize`, like `rect`.
    package var shape: CropShape?

    /// Makes an entry.
    package init(
        input: String, rect: CGRect, output: String, square: Bool, origin: EntryOrigin,
        annotatedSize: AnnotatedSize? = nil,
        clipped: Bool = false, shape: CropShape? = nil
    ) {
        self.input = input
        self.rect = rect
        self.output = output
        self.square = square
        self.origin = origin
        self.annotatedSize = annotatedSize
        self.clipped = clipped
        self.shape = shape
    }
}
