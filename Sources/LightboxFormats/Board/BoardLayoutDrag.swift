import Foundation
import LightboxGeometry

/// The `dragging` entry of a layout file: the dragged photo's id and the drag's translation.
package struct BoardLayoutDrag: Encodable, Sendable, Equatable {
    /// The dragged photo's id.
    package var id: String
    /// How far the finger has moved the card, in points.
    package var translation: CGSize

    /// Makes a drag.
    package init(id: String, translation: CGSize) {
        self.id = id
        self.translation = translation
    }

    /// The `dragging` object of `root`, nil when missing or null; its id must be a photo's.
    static func read(_ root: BoardFields.Object, ids: Set<String>) throws(BoardFieldError) -> BoardLayoutDrag? {
        guard !BoardFields.isAbsent(root, "dragging") else { return nil }
        let object = try BoardFields.object(root, "dragging", "dragging")
        try BoardFields.onlyKeys(object, ["id", "translation"], "dragging")
        let keys = object.allKeys.map(\.stringValue)
        guard keys.contains("id") else { throw BoardFieldError("dragging.id", "missing") }
        let id = try BoardFields.string(object, "id", "dragging.id")
        guard ids.contains(id) else { throw BoardFieldError("dragging.id", "no photo has the id '\(id)'") }
        guard keys.contains("translation") else { throw BoardFieldError("dragging.translation", "missing") }
        let size = try BoardFields.size(object, "translation", "dragging.translation", positive: false)
        for (name, side) in [("width", size.width), ("height", size.height)] where abs(side) > 100_000 {
            throw BoardFieldError(
                "dragging.translation.\(name)",
                "\(NumberText.short(Double(side))) points: expected at most 100000 either way")
        }
        return BoardLayoutDrag(id: id, translation: size)
    }

    /// Writes `{"id": .., "translation": {"width": .., "height": ..}}`.
    package func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: BoardFields.Key.self)
        try object.encode(id, forKey: BoardFields.Key("id"))
        try object.encode(BoardLayoutSize(translation), forKey: BoardFields.Key("translation"))
    }
}
