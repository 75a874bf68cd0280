import Foundation

/// The one JSON Lines reader: crop manifests, view state manifests, `lightbox batch` and
/// `--resume` reports read their lines here.
///
/// Lines end at `\n` (a `\r` before it is trimmed with the other white space and a byte-order
/// mark); blank lines are skipped but counted, so a line's number is its line in the file.
package enum JSONLines {
    /// The non-blank lines of `data` with their numbers, from 1.
    package static func lines(_ data: Data) -> [(number: Int, text: String)] {
        var lines: [(number: Int, text: String)] = []
        for (index, raw) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let text = trimmed(String(decoding: raw, as: UTF8.self))
            if !text.isEmpty { lines.append((index + 1, text)) }
        }
        return lines
    }

    /// Calls `body` with each non-blank line of `stream` and its number as soon as the line arrives.
    package static func forEachLine(in stream: UnsafeMutablePointer<FILE>, _ body: (Int, String) -> Void) {
        var buffer: UnsafeMutablePointer<CChar>?
        var capacity = 0
        var number = 0
        defer { free(buffer) }
        while getline(&buffer, &capacity, stream) >= 0, let buffer {
            number += 1
            let text = trimmed(
                String(decoding: UnsafeRawBufferPointer(start: buffer, count: strlen(buffer)), as: UTF8.self))
            if !text.isEmpty { body(number, text) }
        }
    }

    /// The JSON object on line `number` of `path`, or the problem: invalid UTF-8, or not an object.
    package static func object(_ line: String, number: Int, path: String) -> Result<[String: Any], BatchProblem> {
        if line.contains("\u{FFFD}") { return .failure(BatchProblem(path, line: number, "invalid UTF-8")) }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
            return .failure(BatchProblem(path, line: number, "not a JSON object"))
        }
        return .success(object)
    }

    /// `text` without surrounding white space, line ends and byte-order marks.
    private static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{FEFF}")))
    }
}
