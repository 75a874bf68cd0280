import Foundation

/// Reads a JSON Lines manifest of viewer states into command lines, one per line.
///
/// Each key is a `lightbox view` option in camelCase or kebab-case (`maxZoom`, `double-tap`),
/// `input` or `inputs` names the pages, and the values are what the options take, or the
/// shapes an app's `JSONEncoder` writes: `[w,h]` or `{"width":..,"height":..}` for a
/// `CGSize`. Parsing each line as a command line keeps one set of checks for both.
enum StateManifest {
    /// One line: its number and its arguments, or the problem it has.
    typealias Line = (number: Int, result: Result<[String], BatchProblem>)

    /// Keys that are not options: the pages and the output, handled apart.
    static let pageKeys: Set<String> = ["input", "inputs"]

    /// Every non-blank line of the manifest at `path`; a file that cannot be read throws.
    static func read(_ path: String) throws(BatchProblem) -> [Line] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BatchProblem(path, "cannot read the manifest")
        }
        let folder = (path as NSString).deletingLastPathComponent
        let text = String(decoding: data, as: UTF8.self)
        var lines: [Line] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !line.isEmpty else { continue }
            lines.append((index + 1, arguments(line, number: index + 1, path: path, folder: folder)))
        }
        return lines
    }

    /// The command-line arguments one JSON line stands for, inputs resolved against `folder`.
    static func arguments(_ line: String, number: Int, path: String, folder: String) -> Result<[String], BatchProblem> {
        if line.contains("\u{FFFD}") { return .failure(BatchProblem(path, line: number, "invalid UTF-8")) }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
            return .failure(BatchProblem(path, line: number, "not a JSON object"))
        }
        var pages: [String] = []
        var options: [String] = []
        for key in object.keys.sorted() {
            let value = object[key] as Any
            if pageKeys.contains(key) {
                let names = (value as? [Any] ?? [value]).compactMap { $0 as? String }
                guard !names.isEmpty else {
                    return .failure(BatchProblem(path, line: number, field: key, "expected a path or a list of paths"))
                }
                pages += names.map { ManifestReader.resolve($0, in: folder) }
                continue
            }
            guard let text = optionValue(value, separator: key == "screen" ? "x" : ",") else {
                return .failure(
                    BatchProblem(
                        path, line: number, field: key,
                        "expected a number, a string, a boolean, [a,b] or {\"width\",\"height\"}"))
            }
            let option = "--" + kebab(key)
            if isBool(value) {
                if value as? Bool == true { options.append(option) }
            } else {
                options += [option, text]
            }
        }
        return .success(options + ["--"] + pages)
    }

    /// The text an option takes for a JSON value: numbers plain, pairs and sizes joined by `separator`.
    static func optionValue(_ value: Any, separator: String = ",") -> String? {
        if isBool(value) { return "" }
        if let number = RectValue.number(value) { return JSONValue.number(number) }
        if let text = value as? String { return text }
        if let pair = value as? [Any], pair.count == 2, let a = RectValue.number(pair[0]),
            let b = RectValue.number(pair[1])
        {
            return "\(JSONValue.number(a))\(separator)\(JSONValue.number(b))"
        }
        if let size = value as? [String: Any], let width = RectValue.number(size["width"]),
            let height = RectValue.number(size["height"])
        {
            return "\(JSONValue.number(width))\(separator)\(JSONValue.number(height))"
        }
        return nil
    }

    /// Whether a JSON value is a boolean: JSONSerialization gives an NSNumber of type "c" for those.
    static func isBool(_ value: Any) -> Bool {
        guard let number = value as? NSNumber else { return false }
        return String(cString: number.objCType) == "c"
    }

    /// `maxZoom` as `max-zoom`; kebab-case keys stay as they are.
    static func kebab(_ key: String) -> String {
        key.reduce(into: "") { text, character in
            if character.isUppercase { text += "-" + character.lowercased() } else { text.append(character) }
        }
    }
}
