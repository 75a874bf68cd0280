/// One COCO `images` entry: the file and the size the annotations were made on.
struct COCOImage: Sendable {
    /// `file_name`, relative to `--images`.
    var fileName: String?
    /// `width` in pixels.
    var width: Int?
    /// `height` in pixels.
    var height: Int?
    /// The line the entry starts on.
    let line: Int
}
