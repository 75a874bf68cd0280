/// One photo on the board: the id that offsets and stacking refer to, its file and its caption.
package struct BoardPhoto: Sendable, Equatable, Codable {
    /// The id that `offsets` and `stacking` name; unique on a board.
    package let id: String
    /// The image file, as the layout names it (absolute, or relative to the working folder).
    package let path: String
    /// The one-line caption under the photo.
    package let caption: String

    /// Makes a photo entry.
    package init(id: String, path: String, caption: String) {
        self.id = id
        self.path = path
        self.caption = caption
    }

    /// The file's name without folder and extension, the default caption.
    package static func stem(of path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// The first id that appears twice, with the indices of both entries, or nil.
    package static func firstDuplicate(in photos: [BoardPhoto]) -> (id: String, first: Int, second: Int)? {
        var seen: [String: Int] = [:]
        for (index, photo) in photos.enumerated() {
            if let first = seen[photo.id] { return (photo.id, first, index) }
            seen[photo.id] = index
        }
        return nil
    }
}
