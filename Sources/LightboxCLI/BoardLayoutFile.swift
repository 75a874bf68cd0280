import Foundation
import LightboxGeometry
import LightboxRender

/// Reads a layout file: the JSON an app can write, or what `--print-layout` wrote.
///
/// Keys: `board` ({"width","height"} or [w, h]), `cardWidth`, `scale`, `background`, `photos`
/// (`id`, `path`, `caption`), `offsets` (id to a size, as `CGSize` encodes), `stacking` (ids),
/// `dragging` (`id` and `translation`, a size) and `reduceMotion` (a boolean).
/// The printed layout's own keys (`output`, `card`, `drawnCard`, `cards`) are read past. Paths are relative
/// to the file's folder. Each problem names the key, as `photos[2].id: duplicate id 'Oslo'`.
enum BoardLayoutFile {
    /// The keys a layout file may hold.
    static let keys = [
        "board", "cardWidth", "scale", "background", "photos", "offsets", "stacking", "dragging", "reduceMotion",
        "output", "card", "drawnCard", "cards",
    ]

    /// Reads the file at `path` into a plan, or throws an error naming the file and the key.
    static func read(_ path: String) throws(RenderError) -> BoardPlan {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RenderError(
                path, FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do {
            return try parse(data, folder: folder)
        } catch {
            throw RenderError(path, error.description)
        }
    }

    /// Reads layout JSON whose relative paths start in `folder`.
    static func parse(_ data: Data, folder: String) throws(BoardFieldError) -> BoardPlan {
        let root = try BoardFields.object(try json(data), "")
        if let unknown = root.keys.sorted().first(where: { !keys.contains($0) }) {
            throw BoardFieldError(unknown, "unknown key (expected one of \(keys.joined(separator: ", ")))")
        }
        guard let boardValue = root["board"] else { throw BoardFieldError("board", "missing") }
        let board = try BoardFields.size(boardValue, "board", positive: true)
        let photos = try photoList(root["photos"], folder: folder)
        let ids = Set(photos.map(\.id))
        var plan = BoardPlan(board: board, photos: photos)
        if let value = root["cardWidth"] {
            plan.cardWidth = CGFloat(try BoardFields.number(value, "cardWidth", in: BoardOverrides.cardWidths))
        }
        if let value = root["scale"] {
            plan.scale = try BoardFields.number(value, "scale", in: 0.01...BoardOptions.maximumScale)
        }
        if let value = root["background"], !(value is NSNull) {
            let spec = try BoardFields.string(value, "background")
            guard let background = BoardBackground.parse(spec, relativeTo: folder) else {
                throw BoardFieldError(
                    "background", "'\(spec)' is not a colour, TOP:BOTTOM or an image path (\(ColourGrammar.expected))")
            }
            plan.background = background
        }
        plan.offsets = try offsets(root["offsets"], ids: ids)
        plan.stacking = try stacking(root["stacking"], ids: ids)
        plan.dragging = try dragging(root["dragging"], ids: ids)
        if let value = root["reduceMotion"], !(value is NSNull) {
            plan.reduceMotion = try BoardFields.bool(value, "reduceMotion")
        }
        return plan
    }

    /// The parsed JSON, or an error with the parser's own words (which give the line).
    private static func json(_ data: Data) throws(BoardFieldError) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let detail =
                (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
            throw BoardFieldError("", "not valid JSON" + place(of: detail, in: data) + ": " + detail)
        }
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

    /// The `photos` array: each an object with `path`, and `id` and `caption` defaulting to the path and its stem.
    private static func photoList(_ value: Any?, folder: String) throws(BoardFieldError) -> [BoardPhoto] {
        guard let value else { throw BoardFieldError("photos", "missing") }
        let items = try BoardFields.array(value, "photos")
        var photos: [BoardPhoto] = []
        var seen: Set<String> = []
        for (index, item) in items.enumerated() {
            let field = "photos[\(index)]"
            let object = try BoardFields.object(item, field)
            guard let pathValue = object["path"] else { throw BoardFieldError("\(field).path", "missing") }
            let path = try BoardFields.string(pathValue, "\(field).path")
            guard !path.isEmpty else { throw BoardFieldError("\(field).path", "empty") }
            let id =
                try object["id"].map { value throws(BoardFieldError) in try BoardFields.string(value, "\(field).id") }
                ?? path
            guard seen.insert(id).inserted else { throw BoardFieldError("\(field).id", "duplicate id '\(id)'") }
            let caption =
                try object["caption"].map { value throws(BoardFieldError) in
                    try BoardFields.string(value, "\(field).caption")
                } ?? BoardPhoto.stem(of: path)
            let resolved =
                path.hasPrefix("/") ? path : URL(fileURLWithPath: folder).appendingPathComponent(path).standardized.path
            photos.append(BoardPhoto(id: id, path: resolved, caption: caption))
        }
        return photos
    }

    /// The `offsets` object: id to a size; every id must be a photo's.
    private static func offsets(_ value: Any?, ids: Set<String>) throws(BoardFieldError) -> [String: CGSize] {
        guard let value, !(value is NSNull) else { return [:] }
        var result: [String: CGSize] = [:]
        for (id, offset) in try BoardFields.object(value, "offsets") {
            guard ids.contains(id) else { throw BoardFieldError("offsets.\(id)", "no photo has this id") }
            result[id] = try BoardFields.size(offset, "offsets.\(id)", positive: false)
        }
        return result
    }

    /// The `stacking` array: photo ids, each once.
    private static func stacking(_ value: Any?, ids: Set<String>) throws(BoardFieldError) -> [String] {
        guard let value, !(value is NSNull) else { return [] }
        var result: [String] = []
        for (index, item) in try BoardFields.array(value, "stacking").enumerated() {
            let id = try BoardFields.string(item, "stacking[\(index)]")
            guard ids.contains(id) else { throw BoardFieldError("stacking[\(index)]", "no photo has the id '\(id)'") }
            guard !result.contains(id) else { throw BoardFieldError("stacking[\(index)]", "duplicate id '\(id)'") }
            result.append(id)
        }
        return result
    }

    /// The `dragging` object: a photo's id and the drag's translation, a size.
    private static func dragging(_ value: Any?, ids: Set<String>) throws(BoardFieldError) -> BoardDrag? {
        guard let value, !(value is NSNull) else { return nil }
        let object = try BoardFields.object(value, "dragging")
        if let unknown = object.keys.sorted().first(where: { $0 != "id" && $0 != "translation" }) {
            throw BoardFieldError("dragging.\(unknown)", "unknown key (expected id, translation)")
        }
        guard let idValue = object["id"] else { throw BoardFieldError("dragging.id", "missing") }
        let id = try BoardFields.string(idValue, "dragging.id")
        guard ids.contains(id) else { throw BoardFieldError("dragging.id", "no photo has the id '\(id)'") }
        guard let translation = object["translation"] else { throw BoardFieldError("dragging.translation", "missing") }
        let size = try BoardFields.size(translation, "dragging.translation", positive: false)
        for (name, side) in [("width", size.width), ("height", size.height)] where abs(side) > 100_000 {
            throw BoardFieldError(
                "dragging.translation.\(name)",
                "\(JSONValue.number(Double(side))) points: expected at most 100000 either way")
        }
        return BoardDrag(id: id, translation: size)
    }
}
