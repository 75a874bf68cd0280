import Foundation

/// Reads a JSON Lines manifest of viewer states into command lines, one per line.
///
/// Each key is a `lightbox view` option in camelCase or kebab-case (`maxZoom`, `double-tap`),
/// `input` or `inputs` names the pages, and the values are what the options take, or the
/// shapes an app's `JSONEncoder` writes: `[w,h]` or `{"width":..,"height":..}` for a
/// `CGSize`. Parsing each line as a command line keeps one set of checks for both.
package enum StateManifest {
    /// One line: its number and its arguments, or the problem it has.
    package typealias Line = (number: Int, result: Result<[String], BatchProblem>)

    /// Keys that are not options: the pages and the output, handled apart.
    package static let pageKeys: Set<String> = ["input", "inputs"]

    /// Every non-blank line of the manifest at `path`; a file that cannot be read throws.
    package static func read(_ path: String) throws(BatchProblem) -> [Line] {
        let data = try FileContents.read(path, what: "manifest")
        let folder = (path as NSString).deletingLastPathComponent
        return JSONLines.lines(data).map { line in
            (line.number, arguments(line.text, number: line.number, path: path, folder: folder))
        }
    }

    /// The command-line arguments one JSON line stands for, inputs resolved against `folder`.
    package static func arguments(
        _ line: String, number: Int, path: String, folder: String
    ) -> Result<[String], BatchProblem> {
        let object: [String: Any]
        switch JSONLines.object(line, number: number, path: path) {
        case .failure(let problem): return .failure(problem)
        case .success(let value): object = value
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
            if let flag = JSONScalar.bool(value) {
                if flag { options.append(option) }
            } else {
                options += [option, text]
            }
        }
        return .success(options + ["--"] + pages)
    }

    /// The text an option takes for a JSON value: numbers plain, pairs and sizes joined by `separator`.
    package static func optionValue(_ value: Any, separator: String = ",") -> String? {
        if JSONScalar.bool(value) != nil { return "" }
        if let number = JSONScalar.number(value) { return JSONValue.number(number) }
        if let text = value as? String { return text }
        if let pair = value as? [Any], pair.count == 2, let a = JSONScalar.number(pair[0]),
            let b = JSONScalar.number(pair[1])
        {
            return "\(JSONValue.number(a))\(separator)\(JSONValue.number(b))"
        }
        if let size = value as? [String: Any], let width = JSONScalar.number(size["width"]),
            let height = JSONScalar.number(size["height"])
        {
            return "\(JSONValue.number(width))\(separator)\(JSONValue.number(height))"
        }
        return nil
    }

    /// `maxZoom` as `max-zoom`; kebab-case keys stay as they are.
    package static func kebab(_ key: String) -> String {
        key.reduce(into: "") { text, character in
            if character.isUppercase { text += "-" + character.lowercased() } else { text.append(character) }
        }
    }
}
