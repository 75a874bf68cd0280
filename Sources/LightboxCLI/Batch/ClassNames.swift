import Foundation

/// Reads YOLO class names from a `data.yaml` `names:` entry or a one-name-per-line file.
enum ClassNames {
    /// The names by class id, from the file at `path`.
    static func read(_ path: String) throws(BatchProblem) -> [Int: String] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BatchProblem(path, "cannot read the class names")
        }
        let text = String(decoding: data, as: UTF8.self)
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        if ext == "yaml" || ext == "yml" {
            return try yaml(text, path: path)
        }
        let names = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return Dictionary(uniqueKeysWithValues: names.enumerated().map { ($0.offset, $0.element) })
    }

    /// The `names:` entry of a YOLO `data.yaml`: an inline list, a block list or an id map.
    static func yaml(_ text: String, path: String) throws(BatchProblem) -> [Int: String] {
        let lines = text.components(separatedBy: .newlines)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("names:") }) else {
            throw BatchProblem(path, field: "names", "no 'names:' entry")
        }
        let inline = lines[start].dropFirst("names:".count).trimmingCharacters(in: .whitespaces)
        if inline.hasPrefix("[") {
            let body = inline.trimmingCharacters(in: CharacterSet(charactersIn: "[] "))
            let names = body.split(separator: ",").map { unquote(String($0)) }
            return Dictionary(uniqueKeysWithValues: names.enumerated().map { ($0.offset, $0.element) })
        }
        var names: [Int: String] = [:]
        for (offset, line) in lines[(start + 1)...].enumerated() {
            guard line.hasPrefix(" ") || line.hasPrefix("\t") || line.hasPrefix("-") else { break }
            let item = line.trimmingCharacters(in: .whitespaces)
            if item.hasPrefix("- ") {
                names[names.count] = unquote(String(item.dropFirst(2)))
            } else if let colon = item.firstIndex(of: ":"), let id = Int(item[..<colon].trimmingCharacters(in: .whitespaces)) {
                names[id] = unquote(String(item[item.index(after: colon)...]))
            } else if !item.isEmpty && !item.hasPrefix("#") {
                throw BatchProblem(path, line: start + offset + 2, field: "names", "cannot read '\(item)'")
            }
        }
        return names
    }

    private static func unquote(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "'\""))
    }
}
