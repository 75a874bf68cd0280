import Foundation

/// Reads a crop manifest, CSV with a header or JSON Lines, into entries and per-line problems.
package enum ManifestReader {
    /// One line's outcome: an entry, or the problem that line has.
    package typealias Line = Result<ManifestEntry, BatchProblem>

    /// The CSV columns a manifest must have.
    package static let requiredColumns = ["input", "x", "y", "width", "height"]

    /// Every line of the manifest at `path`; a file that cannot be read at all throws.
    package static func read(_ path: String) throws(BatchProblem) -> [Line] {
        try parse(try FileContents.read(path, what: "manifest"), path: path)
    }

    /// Every line of manifest bytes `data`, named `path` (its folder anchors relative inputs).
    package static func parse(_ data: Data, path: String) throws(BatchProblem) -> [Line] {
        let text = String(decoding: data, as: UTF8.self)
        let folder = (path as NSString).deletingLastPathComponent
        if isJSONLines(path: path, text: text) {
            return JSONLines.lines(data).map { jsonLine($0.text, number: $0.number, path: path, folder: folder) }
        }
        return try csv(text, path: path, folder: folder)
    }

    /// JSON Lines by extension, else by a first non-blank character `{`.
    private static func isJSONLines(path: String, text: String) -> Bool {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        if ["jsonl", "ndjson", "json"].contains(ext) { return true }
        if ext == "csv" { return false }
        return text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }.first == "{"
    }

    /// One JSON Lines manifest line, numbered `number` in `path`, inputs relative to `folder`.
    package static func jsonLine(_ line: String, number: Int, path: String, folder: String) -> Line {
        let object: [String: Any]
        switch JSONLines.object(line, number: number, path: path) {
        case .failure(let problem): return .failure(problem)
        case .success(let value): object = value
        }
        guard let input = object["input"] as? String, !input.isEmpty else {
            return .failure(BatchProblem(path, line: number, field: "input", "missing or not a string"))
        }
        guard let rectValue = object["rect"] else {
            return .failure(BatchProblem(path, line: number, field: "rect", "missing"))
        }
        let output = object["output"] as? String
        if object["output"] != nil && output == nil {
            return .failure(BatchProblem(path, line: number, field: "output", "not a string"))
        }
        switch RectValue.parse(rectValue) {
        case .success(let rect):
            return .success(ManifestEntry(input: resolve(input, in: folder), rect: rect, output: output, line: number))
        case .failure(let error):
            return .failure(BatchProblem(path, line: number, field: "rect", error.message))
        }
    }

    private static func csv(_ text: String, path: String, folder: String) throws(BatchProblem) -> [Line] {
        let records: [CSVReader.Record]
        do {
            records = try CSVReader.records(text)
        } catch {
            throw BatchProblem(path, line: error.line, error.message)
        }
        guard let header = records.first else { throw BatchProblem(path, "the manifest is empty") }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let missing = requiredColumns.filter { !names.contains($0) }
        guard missing.isEmpty else {
            throw BatchProblem(
                path, line: header.line,
                "the header lacks \(missing.joined(separator: ", ")) (it needs input,x,y,width,height[,output])")
        }
        return records.dropFirst().map { csvLine($0, names: names, path: path, folder: folder) }
    }

    private static func csvLine(_ record: CSVReader.Record, names: [String], path: String, folder: String) -> Line {
        if record.fields.contains(where: { $0.contains("\u{FFFD}") }) {
            return .failure(BatchProblem(path, line: record.line, "invalid UTF-8"))
        }
        func field(_ name: String) -> String? {
            guard let column = names.firstIndex(of: name), column < record.fields.count else { return nil }
            return record.fields[column].trimmingCharacters(in: .whitespaces)
        }
        guard let input = field("input"), !input.isEmpty else {
            return .failure(BatchProblem(path, line: record.line, field: "input", "missing"))
        }
        var numbers: [Double] = []
        for name in ["x", "y", "width", "height"] {
            let text = field(name) ?? ""
            guard let number = Double(text) else {
                return .failure(BatchProblem(path, line: record.line, field: name, "'\(text)' is not a number"))
            }
            numbers.append(number)
        }
        let output = field("output").flatMap { $0.isEmpty ? nil : $0 }
        let rect = CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        return .success(ManifestEntry(input: resolve(input, in: folder), rect: rect, output: output, line: record.line))
    }

    /// `path` taken relative to `folder` (the manifest's) unless it is absolute.
    package static func resolve(_ path: String, in folder: String) -> String {
        path.hasPrefix("/") || folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
    }
}
