import Foundation

/// One COCO annotation as kept while the file is read: ids, the pixel box, perhaps its segmentation, and its line.
package struct COCOAnnotation: Sendable {
    /// The annotation's id (it names the output).
    package var id: Int?
    /// The image it is on.
    package var imageID: Int?
    /// Its category.
    package var categoryID: Int?
    /// `[x, y, width, height]` in pixels; nil when missing, null or not four numbers (kept
    /// inline: a million annotations are held while a file is read).
    package var bbox: CGRect?
    /// The segmentation, when the file was read with segmentations (`COCOFile(path:segmentations:)`).
    package var segmentation: COCOSegmentation?
    /// The line the annotation starts on.
    package let line: Int
}
