/// One COCO annotation as kept while the file is read: ids, the pixel box and its line.
struct COCOAnnotation: Sendable {
    /// The annotation's id (it names the output).
    var id: Int?
    /// The image it is on.
    var imageID: Int?
    /// Its category.
    var categoryID: Int?
    /// `[x, y, width, height]` in pixels.
    var bbox: [Double]?
    /// The line the annotation starts on.
    let line: Int
}
