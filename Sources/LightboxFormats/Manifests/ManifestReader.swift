import Foundation
import LightboxArguments
import LightboxSystem

/// Reads crop fields: a manifest (CSV with a header, or JSON Lines) into entries and per-line
/// problems, and one JSON object (a manifest line or a `lightbox batch` crop) with the same keys,
/// forms and messages. An unknown key or column is an error naming the nearest known one.
package enum ManifestReader {
    /// One line's outcome: an entry, or the problem that line has.
    package typealias Line = Result<ManifestEntry, BatchProblem>

    /// The optional fields, the same in both forms: the output, the rect's units and turn, and the cut.
    package static let optional = ["output", "units", "square", "angle", "oriented", "mask", "lossless"]
    /// Every CSV column a manifest may have, the same as a JSON crop's keys: the input, the rect
    /// (`rect`, or `x`, `y`, `width` and `height`: `RectFields`) and the optional fields.
    package static let columns = ["input"] + RectFields.names + optional
    /// Every key a JSON crop may have.
    package static let keys = columns
    /// The optional fields that are `true` or `false`.
    static let booleans = ["square", "mask", "lossless"]

    /// Every line of the manifest at `path`; a file that cannot be read, or whose header is wrong, throws.
    package static func read(_ path: String) throws(BatchProblem) -> [Line] {
        let stream = try ManifestStream(path: path)
        var lines: [Line] = []
        while let chunk = try stream.next() { lines += chunk }
        return lines
    }

    /// Every line of manifest bytes `data`, named `path` (its folder anchors relative inputs).
    package static func parse(_ data: Data, path: String) throws(BatchProblem) -> [Line] {
        var form: ManifestForm?
        let lines = try parse(chunk: data, path: path, firstLine: 1, form: &form)
        if form == nil { throw BatchProblem(path, "the manifest is empty") }
        return lines
    }

    /// The lines of `data`, a run of whole lines of the manifest `path` starting at line
    /// `firstLine`; `form` is decided by the first chunk holding more than white space (a CSV's
    /// header is read there) and kept for the chunks after it.
    package static func parse(
        chunk data: Data, path: String, firstLine: Int, form: inout ManifestForm?
    ) throws(BatchProblem) -> [Line] {
        let text = String(decoding: data, as: UTF8.self)
        let folder = PathText.folder(of: path)
        let offset = firstLine - 1
        if form == nil, let jsonLines = isJSONLines(path: path, text: text) {
            form = jsonLines ? .jsonLines : nil
        } else if form == nil {
            return []
        }
        if case .jsonLines = form {
            return JSONLines.lines(data).map { found in
                let line = JSONLines.Line(number: found.number + offset, bytes: found.bytes)
                return JSONLines.object(line, path: path).flatMap {
                    entry($0, number: line.number, path: path, folder: folder)
                }
            }
        }
        return try csv(
            text, path: path, folder: folder, offset: offset, unreadable: unreadableLines(data, offset: offset),
            form: &form)
    }

    /// The numbers of the lines of `data` that are not valid UTF-8 or hold a NUL byte, with the problem of each.
    private static func unreadableLines(_ data: Data, offset: Int) -> [Int: String] {
        var lines: [Int: String] = [:]
        for (index, bytes) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            if bytes.contains(0) {
                lines[index + 1 + offset] = "a NUL byte"
            } else if String(validating: bytes, as: UTF8.self) == nil {
                lines[index + 1 + offset] = "invalid UTF-8"
            }
        }
        return lines
    }

    /// JSON Lines by extension, else by a first non-blank character `{`; nil while `text` (the
    /// start of the file) is all white space and the extension does not say.
    package static func isJSONLines(path: String, text: String) -> Bool? {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        if ["jsonl", "ndjson", "json"].contains(ext) { return true }
        guard let first = text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" }).first else { return nil }
        return ext != "csv" && first == "{"
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
        if let problem = RectFields.problem(given: Set(object.keys)) {
            return .failure(BatchProblem(path, line: number, field: "rect", problem))
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
        switch RectFields.rect({ object[$0] }) {
        case .success(let rect):
            var entry = ManifestEntry(
                input: resolve(input, in: folder), rect: rect, output: object["output"] as? String, line: number)
            entry.units = object["units"] as? String
            entry.oriented = object["oriented"] as? String
            entry.angle = angle ?? nil
            (entry.square, entry.mask, entry.lossless) = (flags["square"], flags["mask"], flags["lossless"])
            return .success(entry)
        case .failure(let problem):
            return .failure(BatchProblem(path, line: number, field: problem.field, problem.message))
        }
    }

    /// `unknown column 'widht'; did you mean 'width'?` for a name not among `known` (the nearest
    /// by the one rule, `NearestName`), else the known names.
    package static func unknownName(_ kind: String, _ name: String, among known: [String]) -> String {
        "unknown \(kind) '\(name)'"
            + (NearestName.to(name, among: known).map { "; did you mean '\($0)'?" }
                ?? " (known: \(known.joined(separator: ", ")))")
    }

    /// The CSV lines of `text`, whose first line is line `offset + 1`; its first record is the
    /// header when `form` is not decided yet.
    private static func csv(
        _ text: String, path: String, folder: String, offset: Int, unreadable: [Int: String],
        form: inout ManifestForm?
    ) throws(BatchProblem) -> [Line] {
        var records: [CSVReader.Record]
        do {
            records = try CSVReader.records(text).map { CSVReader.Record(fields: $0.fields, line: $0.line + offset) }
        } catch {
            throw BatchProblem(path, line: error.line + offset, error.message)
        }
        if form == nil {
            guard let header = records.first else { return [] }
            form = .csv(names: try columnNames(header, path: path))
            records.removeFirst()
        }
        guard case .csv(let names) = form else { return [] }
        return records.map { record in
            let last = record.line + record.fields.reduce(0) { $0 + $1.filter { $0 == "\n" }.count }
            for line in record.line...last {
                if let problem = unreadable[line] { return .failure(BatchProblem(path, line: record.line, problem)) }
            }
            return csvLine(record, names: names, path: path, folder: folder)
        }
    }

    /// The column names of a CSV manifest's header; an unknown or missing column throws.
    private static func columnNames(_ header: CSVReader.Record, path: String) throws(BatchProblem) -> [String] {
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if let unknown = names.first(where: { !columns.contains($0) }) {
            throw BatchProblem(path, line: header.line, unknownName("column", unknown, among: columns))
        }
        let missing = (["input"] + (names.contains(RectFields.whole) ? [] : RectFields.parts)).filter {
            !names.contains($0)
        }
        if !missing.isEmpty {
            throw BatchProblem(
                path, line: header.line,
                "the header lacks \(missing.joined(separator: ", ")) (it needs input,x,y,width,height or input,rect"
                    + "[,\(optional.joined(separator: ","))])")
        }
        if let problem = RectFields.problem(given: Set(names)) { throw BatchProblem(path, line: header.line, problem) }
        return names
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
        let rect: CGRect
        // An empty cell of a rect column is read as written: '' is not a number.
        switch RectFields.rect({ field($0) ?? (names.contains($0) ? "" : nil) }) {
        case .success(let value): rect = value
        case .failure(let problem):
            return .failure(BatchProblem(path, line: record.line, field: problem.field, problem.message))
        }
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
