/// A COCO annotation's own ids, which name a crop's record better than a line: a pycocotools
/// file is one line, so every annotation would be "line 1".
package struct AnnotationID: Sendable, Equatable, Codable {
    /// The annotation's `id`.
    package let id: Int
    /// Its `image_id`.
    package let image: Int

    /// Makes the ids.
    package init(id: Int, image: Int) {
        self.id = id
        self.image = image
    }
}
