import Foundation

/// A board layout file, read and written by this one Codable model: the JSON an app can write,
/// or what `--print-layout` wrote.
///
/// Keys: `board` ({"width","height"} or [w, h]), `cardWidth`, `scale`, `background`, `photos`
/// (`id`, `path`, `caption`), `offsets` (id to a size, as `CGSize` encodes), `stacking` (ids),
/// `dragging` (`id` and `translation`, a size) and `reduceMotion` (a boolean). The printed
/// layout's own keys (`output`, `card`, `drawnCard`, `cards`) are written first and read past.
/// Each problem names the key, as `photos[2].id: duplicate id 'Oslo'`.
package struct BoardLayoutFile: Codable, Sendable, Equatable {
    /// The keys a layout file may hold.
    package static let keys = [
        "board", "cardWidth", "scale", "background", "photos", "offsets", "stacking", "dragging", "reduceMotion",
        "output", "card", "drawnCard", "cards",
    ]

    /// What the printed layout says about its result (nil when read: those keys are read past).
    package var printed: BoardLayoutPrinted?
    /// The board's size in points.
    package var board: CGSize
    /// Pixels per point.
    package var scale: Double?
    /// The card width in points.
    package var cardWidth: Double?
    /// The background spec (a colour, `TOP:BOTTOM` or an image path).
    package var background: String?
    /// The photos, in layout order.
    package var photos: [BoardLayoutPhoto]
    /// Saved offsets by photo id (written in photo order).
    package var offsets: [String: CGSize] = [:]
    /// The ids brought to the front, in order.
    package var stacking: [String] = []
    /// The card being dragged, if any.
    package var dragging: BoardLayoutDrag?
    /// Whether the lift is drawn without motion.
    package var reduceMotion: Bool?

    /// Makes a layout.
    package init(board: CGSize, photos: [BoardLayoutPhoto]) {
        self.board = board
        self.photos = photos
    }

    /// Reads layout JSON; a syntax error gives the line and column.
    package static func decode(_ data: Data) throws(BoardFieldError) -> BoardLayoutFile {
        try checkSyntax(data)
        do {
            return try JSONDecoder().decode(BoardLayoutFile.self, from: data)
        } catch let error as BoardFieldError {
            throw error
        } catch {
            throw BoardFieldError("", "expected an object")
        }
    }

    /// The layout as one JSON value, keys in the printed order.
    package var json: JSONValue {
        do { return try JSONValueEncoder.encode(self) } catch { preconditionFailure("a layout always encodes") }
    }

    /// Reads the members in the order their problems are reported.
    package init(from decoder: any Decoder) throws {
        let root = try BoardFields.object(decoder, "")
        try BoardFields.onlyKeys(root, Self.keys, "")
        guard root.contains(BoardFields.Key("board")) else { throw BoardFieldError("board", "missing") }
        board = try BoardFields.size(root, "board", "board", positive: true)
        photos = try BoardLayoutPhoto.list(root)
        let ids = Set(photos.map(\.id))
        if root.contains(BoardFields.Key("cardWidth")) {
            cardWidth = try BoardFields.number(root, "cardWidth", "cardWidth")
        }
        if root.contains(BoardFields.Key("scale")) { scale = try BoardFields.number(root, "scale", "scale") }
        if !BoardFields.isAbsent(root, "background") {
            background = try BoardFields.string(root, "background", "background")
        }
        offsets = try Self.offsets(root, ids: ids)
        stacking = try Self.stacking(root, ids: ids)
        dragging = try BoardLayoutDrag.read(root, ids: ids)
        if !BoardFields.isAbsent(root, "reduceMotion") {
            reduceMotion = try BoardFields.bool(root, "reduceMotion", "reduceMotion")
        }
    }

    /// Writes the printed keys first, then the inputs, offsets in photo order.
    package func encode(to encoder: any Encoder) throws {
        var root = encoder.container(keyedBy: BoardFields.Key.self)
        if let printed {
            // A dry run without -o names no output: null, as view's dry run prints it.
            if printed.output.isEmpty {
                try root.encodeNil(forKey: BoardFields.Key("output"))
            } else {
                try root.encode(printed.output, forKey: BoardFields.Key("output"))
            }
        }
        try root.encode(BoardLayoutSize(board), forKey: BoardFields.Key("board"))
        try root.encodeIfPresent(scale, forKey: BoardFields.Key("scale"))
        try printed?.encode(into: &root)
        try root.encodeIfPresent(cardWidth, forKey: BoardFields.Key("cardWidth"))
        try root.encodeIfPresent(background, forKey: BoardFields.Key("background"))
        try root.encode(photos, forKey: BoardFields.Key("photos"))
        var members = root.nestedContainer(keyedBy: BoardFields.Key.self, forKey: BoardFields.Key("offsets"))
        for photo in photos {
            if let offset = offsets[photo.id] {
                try members.encode(BoardLayoutSize(offset), forKey: BoardFields.Key(photo.id))
            }
        }
        try root.encode(stacking, forKey: BoardFields.Key("stacking"))
        try root.encode(dragging, forKey: BoardFields.Key("dragging"))
        try root.encodeIfPresent(reduceMotion, forKey: BoardFields.Key("reduceMotion"))
    }

    /// The `offsets` object: id to a size; every id must be a photo's.
    private static func offsets(
        _ root: BoardFields.Object, ids: Set<String>
    ) throws(BoardFieldError) -> [String: CGSize] {
        guard !BoardFields.isAbsent(root, "offsets") else { return [:] }
        let members = try BoardFields.object(root, "offsets", "offsets")
        var result: [String: CGSize] = [:]
        for id in members.allKeys.map(\.stringValue).sorted() {
            guard ids.contains(id) else { throw BoardFieldError("offsets.\(id)", "no photo has this id") }
            result[id] = try BoardFields.size(members, id, "offsets.\(id)", positive: false)
        }
        return result
    }

    /// The `stacking` array: photo ids, each once.
    private static func stacking(_ root: BoardFields.Object, ids: Set<String>) throws(BoardFieldError) -> [String] {
        guard !BoardFields.isAbsent(root, "stacking") else { return [] }
        var items = try BoardFields.array(root, "stacking", "stacking")
        var result: [String] = []
        while !items.isAtEnd {
            let field = "stacking[\(items.currentIndex)]"
            let id = try BoardFields.string(&items, field)
            guard ids.contains(id) else { throw BoardFieldError(field, "no photo has the id '\(id)'") }
            guard !result.contains(id) else { throw BoardFieldError(field, "duplicate id '\(id)'") }
            result.append(id)
        }
        return result
    }

    /// ` at line L, column C` for the parser's "around character N", counted from 0, or nothing.
    static func place(of detail: String, in data: Data) -> String {
        guard let range = detail.range(of: #"character \d+"#, options: .regularExpression),
            let offset = Int(detail[range].dropFirst("character ".count))
        else { return "" }
        let before = data.prefix(offset)
        let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let column = before.count - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
        return " at line \(line), column \(column)"
    }

    /// Throws the parser's own words (which give the line) when `data` is not valid JSON.
    private static func checkSyntax(_ data: Data) throws(BoardFieldError) {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let detail =
                (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
            throw BoardFieldError("", "not valid JSON" + place(of: detail, in: data) + ": " + detail)
        }
    }
}
