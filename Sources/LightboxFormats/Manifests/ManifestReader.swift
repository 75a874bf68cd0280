import Foundation
import LightboxArguments
import LightboxSystem

/// Reads crop fields: a manifest (CSV with a header, or JSON Lines) into entries and per-line
/// problems, and one JSON object (a manifest line or a `lightbox batch` crop) with the same keys,
/// forms and messages. An unknown key or column is an error naming the nearest known one.
package enum ManifestReader {
    /// One line's outcome: an entry, or the problem that line has.
    package typealias Line = Result<ManifestEntry, BatchProblem>

    /// The CSV columns a manifest must have.
    package static let requiredColumns = ["input", "x", "y", "width", "height"]
    /// The optional fields, the same in both forms: the output, the rect's units and turn, and the cut.
    package static let optional = ["output", "units", "square", "angle", "oriented", "mask", "lossless"]
    /// Every CSV column a manifest may have.
    package static let columns = requiredColumns + optional
    /// Every key a JSON crop may have.
    package static let keys = ["input", "rect"] + optional
    /// The optional fields that are `true` or `false`.
    static let booleans = ["square", "mask", "lossless"]

    /// Every line of the manifest at `path`; a file that cannot be read, or whose header is wrong, throws.
    package static func read(_ path: String) throws(BatchProblem) -> [Line] {
        try parse(try FileContents.read(path, what: "manifest"), path: path)
    }

    /// Every line of manifest bytes `data`, named `path` (its folder anchors relative inputs).
    package static func parse(_ data: Data, path: String) throws(BatchProblem) -> [Line] {
        let text = String(decoding: data, as: UTF8.self)
        let folder = PathText.folder(of: path)
        if isJSONLines(path: path, text: text) {
            return JSONLines.lines(data).map { line in
                JSONLines.object(line, path: path).flatMap {
                    entry($0, number: line.number, path: path, folder: folder)
                }
            }
        }
        return try csv(text, path: path, folder: folder, unreadable: unreadableLines(data))
    }

    /// The numbers of the lines of `data` that are not valid UTF-8 or hold a NUL byte, with the problem of each.
    private static func unreadableLines(_ data: Data) -> [Int: String] {
        var lines: [Int: String] = [:]
        for (index, bytes) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            if bytes.contains(0) {
                lines[index + 1] = "a NUL byte"
            } else if String(validating: bytes, as: UTF8.self) == nil {
                lines[index + 1] = "invalid UTF-8"
            }
        }
        return lines
    }

    /// JSON Lines by extension, else by a first non-blank character `{`.
    private static func isJSONLines(path: String, text: String) -> Bool {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        if ["jsonl", "ndjson", "json"].contains(ext) { return true }
        if ext == "csv" { return false }
        return text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }.first == "{"
    }

    /// The crop a JSON object gives, line `number` of `path`, inputs relative to `folder`; keys in
    /// `ignored` belong to the caller (a batch job's `id` and `command`).
    package static func entry(
        _ object: [String: Any], number: Int, path: String, folder: String, ignored: Set<String> = []
    ) -> Line {
        if let unknown = object.keys.sorted().first(where: { !keys.contains($0) && !ignored.contains($0) }) {
            return .failure(BatchProblem(path, line: number, unknownName("key", unknown, among: keys)))
        }
        guard let input = object["input"] as? String, !input.isEmpty else {
            return .failure(BatchProblem(path, line: number, field: "input", "missing or not a string"))
        }
        guard let rectValue = object["rect"] else {
            return .failure(BatchProblem(path, line: number, field: "rect", "missing"))
        }
        for key in ["output", "units", "oriented"] where object[key] != nil && !(object[key] is String) {
            return .failure(BatchProblem(path, line: number, field: key, "not a string"))
        }
        var flags: [String: Bool] = [:]
        for key in booleans {
            guard let value = object[key] else { continue }
            guard let flag = JSONScalar.flag(value) else {
                return .failure(BatchProblem(path, line: number, field: key, JSONScalar.flagProblem(value)))
            }
            flags[key] = flag
        }
        let angle = object["angle"].map { FieldText.text($0) }
        if let angle, angle == nil {
            return .failure(BatchProblem(path, line: number, field: "angle", "expected a number"))
        }
        switch RectValue.parse(rectValue) {
        case .success(let rect):
            var entry = ManifestEntry(
                input: resolve(input, in: folder), rect: rect, output: object["output"] as? String, line: number)
            entry.units = object["units"] as? String
            entry.oriented = object["oriented"] as? String
            entry.angle = angle ?? nil
            (entry.square, entry.mask, entry.lossless) = (flags["square"], flags["mask"], flags["lossless"])
            return .success(entry)
        case .failure(let error):
            return .failure(BatchProblem(path, line: number, field: "rect", error.message))
        }
    }

    /// `unknown column 'widht'; did you mean 'width'?` for a name not among `known` (the nearest
    /// by the one rule, `NearestName`), else the known names.
    package static func unknownName(_ kind: String, _ name: String, among known: [String]) -> String {
        "unknown \(kind) '\(name)'"
            + (NearestName.to(name, among: known).map { "; did you mean '\($0)'?" }
                ?? " (known: \(known.joined(separator: ", ")))")
    }

    private static func csv(
        _ text: String, path: String, folder: String, unreadable: [Int: String]
    ) throws(BatchProblem) -> [Line] {
        let records: [CSVReader.Record]
        do {
            records = try CSVReader.records(text)
        } catch {
            throw BatchProblem(path, line: error.line, error.message)
        }
        guard let header = records.first else { throw BatchProblem(path, "the manifest is empty") }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if let unknown = names.first(where: { !columns.contains($0) }) {
            throw BatchProblem(path, line: header.line, unknownName("column", unknown, among: columns))
        }
        let missing = requiredColumns.filter { !names.contains($0) }
        guard missing.isEmpty else {
            throw BatchProblem(
                path, line: header.line,
                "the header lacks \(missing.joined(separator: ", ")) (it needs \(requiredColumns.joined(separator: ","))[,\(optional.joined(separator: ","))])"
            )
        }
        return records.dropFirst().map { record in
            let last = record.line + record.fields.reduce(0) { $0 + $1.filter { $0 == "\n" }.count }
            for line in record.line...last {
                if let problem = unreadable[line] { return .failure(BatchProblem(path, line: record.line, problem)) }
            }
            return csvLine(record, names: names, path: path, folder: folder)
        }
    }

    private static func csvLine(_ record: CSVReader.Record, names: [String], path: String, folder: String) -> Line {
        // A field past the header's last column has no name to go by, so it is refused, never cut off.
        if record.fields.count > names.count {
            return .failure(
                BatchProblem(
                    path, line: record.line,
                    "\(record.fields.count) fields, but the header names \(names.count) (an unquoted comma in a name?)")
            )
        }
        func field(_ name: String) -> String? {
            guard let column = names.firstIndex(of: name), column < record.fields.count else { return nil }
            let text = record.fields[column].trimmingCharacters(in: .whitespaces)
            return text.isEmpty ? nil : text
        }
        guard let input = field("input") else {
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
        let rect = CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        var entry = ManifestEntry(
            input: resolve(input, in: folder), rect: rect, output: field("output"), line: record.line)
        entry.units = field("units")
        entry.angle = field("angle")
        entry.oriented = field("oriented")
        var flags: [String: Bool] = [:]
        for name in booleans {
            guard let text = field(name) else { continue }
            guard let flag = JSONScalar.flag(text) else {
                return .failure(BatchProblem(path, line: record.line, field: name, JSONScalar.flagProblem(text)))
            }
            flags[name] = flag
        }
        (entry.square, entry.mask, entry.lossless) = (flags["square"], flags["mask"], flags["lossless"])
        return .success(entry)
    }

    /// `path` taken relative to `folder` (the manifest's) unless it is absolute.
    package static func resolve(_ path: String, in folder: String) -> String {
        path.hasPrefix("/") || folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
    }
}
