import Foundation

/// One `photos` entry of a layout file: its id, its path as written, and its caption.
package struct BoardLayoutPhoto: Encodable, Sendable, Equatable {
    /// The id that `offsets`, `stacking` and `dragging` name; the path when the entry gives none.
    package var id: String
    /// The image path as written (relative paths start in the layout file's folder).
    package var path: String
    /// The caption; nil for the file's stem.
    package var caption: String?

    /// Makes an entry.
    package init(id: String, path: String, caption: String?) {
        self.id = id
        self.path = path
        self.caption = caption
    }

    /// The `photos` array: each an object with `path`, the ids unique.
    static func list(_ root: BoardFields.Object) throws(BoardFieldError) -> [BoardLayoutPhoto] {
        guard root.contains(BoardFields.Key("photos")) else { throw BoardFieldError("photos", "missing") }
        var items = try BoardFields.array(root, "photos", "photos")
        var photos: [BoardLayoutPhoto] = []
        var seen: Set<String> = []
        while !items.isAtEnd {
            let field = "photos[\(items.currentIndex)]"
            let photo = try read(try BoardFields.object(&items, field), field)
            guard seen.insert(photo.id).inserted else {
                throw BoardFieldError("\(field).id", "duplicate id '\(photo.id)'")
            }
            photos.append(photo)
        }
        return photos
    }

    /// One entry, named `field` in messages.
    private static func read(_ object: BoardFields.Object, _ field: String) throws(BoardFieldError) -> BoardLayoutPhoto
    {
        guard object.contains(BoardFields.Key("path")) else { throw BoardFieldError("\(field).path", "missing") }
        let path = try BoardFields.string(object, "path", "\(field).path")
        guard !path.isEmpty else { throw BoardFieldError("\(field).path", "empty") }
        let id =
            object.contains(BoardFields.Key("id")) ? try BoardFields.string(object, "id", "\(field).id") : path
        let caption =
            object.contains(BoardFields.Key("caption"))
            ? try BoardFields.string(object, "caption", "\(field).caption") : nil
        return BoardLayoutPhoto(id: id, path: path, caption: caption)
    }
}
