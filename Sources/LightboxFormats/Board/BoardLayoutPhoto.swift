import Foundation
import LightboxGeometry

/// One `photos` entry of a layout file: its id, its path as written, and its caption.
package struct BoardLayoutPhoto: Encodable, Sendable, Equatable {
    /// The id that `offsets`, `stacking` and `dragging` name; when the entry gives none, the
    /// path, or `path#N` for the path's Nth entry (`CardID`).
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

    /// The `photos` array: each an object with `path`, or the path alone as a string (the short
    /// form, as `lightbox board a.jpg b.jpg` lists them); the ids unique (a path listed twice
    /// gets `path#2` for its second entry without an id).
    static func list(_ root: BoardFields.Object) throws(BoardFieldError) -> [BoardLayoutPhoto] {
        guard root.contains(BoardFields.Key("photos")) else { throw BoardFieldError("photos", "missing") }
        var items = try BoardFields.array(root, "photos", "photos")
        var entries: [(id: String?, photo: BoardLayoutPhoto)] = []
        while !items.isAtEnd {
            let field = "photos[\(items.currentIndex)]"
            if let path = try? items.decode(String.self) {
                guard !path.isEmpty else { throw BoardFieldError(field, "empty") }
                entries.append((nil, BoardLayoutPhoto(id: path, path: path, caption: nil)))
                continue
            }
            do {
                entries.append(try read(try BoardFields.object(&items, field), field))
            } catch let error where error.field == field && error.reason == "expected an object" {
                throw BoardFieldError(field, "expected a path or an object with a path")
            }
        }
        let ids = CardID.resolved(paths: entries.map(\.photo.path), given: entries.map(\.id))
        if let twice = CardID.firstDuplicate(in: ids) {
            throw BoardFieldError("photos[\(twice.second)].id", "duplicate id '\(twice.id)'")
        }
        return zip(entries, ids).map { BoardLayoutPhoto(id: $1, path: $0.photo.path, caption: $0.photo.caption) }
    }

    /// One entry, named `field` in messages, with the id it gives (nil when it gives none).
    private static func read(
        _ object: BoardFields.Object, _ field: String
    ) throws(BoardFieldError) -> (id: String?, photo: BoardLayoutPhoto) {
        try BoardFields.onlyKeys(object, ["id", "path", "caption"], field)
        guard object.contains(BoardFields.Key("path")) else { throw BoardFieldError("\(field).path", "missing") }
        let path = try BoardFields.string(object, "path", "\(field).path")
        guard !path.isEmpty else { throw BoardFieldError("\(field).path", "empty") }
        let id =
            object.contains(BoardFields.Key("id")) ? try BoardFields.string(object, "id", "\(field).id") : nil
        let caption =
            object.contains(BoardFields.Key("caption"))
            ? try BoardFields.string(object, "caption", "\(field).caption") : nil
        return (id, BoardLayoutPhoto(id: id ?? path, path: path, caption: caption))
    }
}
