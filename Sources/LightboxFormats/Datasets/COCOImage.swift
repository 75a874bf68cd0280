/// One COCO `images` entry: the file and the size the annotations were made on.
package struct COCOImage: Sendable {
    /// `file_name`, relative to `--images`.
    package var fileName: String?
    /// `width` in pixels.
    package var width: Int?
    /// `height` in pixels.
    package var height: Int?
    /// The line the entry starts on.
    package let line: Int
}
