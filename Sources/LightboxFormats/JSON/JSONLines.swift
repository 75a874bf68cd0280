import Foundation

/// The one JSON Lines reader: crop manifests, view state manifests, `lightbox batch` and
/// `--resume` reports read their lines here.
///
/// Lines end at `\n` (a `\r` before it is trimmed with the other white space and a byte-order
/// mark); blank lines are skipped but counted, so a line's number is its line in the file. A line
/// is judged by its bytes: valid UTF-8 (U+FFFD included) is read, anything else is `invalid UTF-8`,
/// and a NUL byte, which C would take for the end of the text, is refused.
package enum JSONLines {
    /// One non-blank line: its number from 1 and its bytes, trimmed.
    package struct Line: Sendable {
        /// The line's number in its file, from 1.
        package let number: Int
        /// The line's bytes without surrounding white space and byte-order marks.
        package let bytes: [UInt8]

        /// Makes a line of `bytes`, trimmed.
        package init(number: Int, bytes: some Collection<UInt8>) {
            self.number = number
            self.bytes = JSONLines.trimmed(Array(bytes))
        }

        /// The line as text (any invalid UTF-8 replaced), for messages and tests.
        package var text: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// The non-blank lines of `data`.
    package static func lines(_ data: Data) -> [Line] {
        data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated().compactMap {
            let line = Line(number: $0.offset + 1, bytes: $0.element)
            return line.bytes.isEmpty ? nil : line
        }
    }

    /// The JSON object `line` holds, read from its bytes, or the problem: a NUL byte, invalid
    /// UTF-8, or any problem of `object(_:number:path:)`.
    package static func object(_ line: Line, path: String) -> Result<[String: Any], BatchProblem> {
        if let problem = unreadable(line, path: path) { return .failure(problem) }
        guard let text = String(validating: line.bytes, as: UTF8.self) else {
            return .failure(BatchProblem(path, line: line.number, "invalid UTF-8"))
        }
        return object(text, number: line.number, path: path)
    }

    /// Why `line` cannot be read as text, or nil: a NUL byte (C would end the text there), or invalid UTF-8.
    package static func unreadable(_ line: Line, path: String) -> BatchProblem? {
        if let offset = line.bytes.firstIndex(of: 0) {
            return BatchProblem(path, line: line.number, "a NUL byte at byte \(offset + 1)")
        }
        return String(validating: line.bytes, as: UTF8.self) == nil
            ? BatchProblem(path, line: line.number, "invalid UTF-8") : nil
    }

    /// The JSON object on line `number` of `path`, or the problem: a fault `JSONCheck` names at any
    /// depth (`crops[1]: the key 'rect' is given twice`), not an object, or a value holding the
    /// character U+0000 (`\u0000`), which no path, name or caption may hold.
    package static func object(_ line: String, number: Int, path: String) -> Result<[String: Any], BatchProblem> {
        if let fault = JSONCheck.fault(in: Array(line.utf8)) {
            return .failure(BatchProblem(path, line: number, field: fault.field, fault.message))
        }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else {
            return .failure(BatchProblem(path, line: number, "not a JSON object"))
        }
        if line.contains("\\u0000") && holdsNUL(object) {
            return .failure(BatchProblem(path, line: number, "a value holds the character U+0000 (\\u0000)"))
        }
        return .success(object)
    }

    /// Whether any string in `value` (keys included) holds U+0000.
    private static func holdsNUL(_ value: Any) -> Bool {
        var pending: [Any] = [value]
        while let next = pending.popLast() {
            switch next {
            case let text as String: if text.utf8.contains(0) { return true }
            case let list as [Any]: pending += list
            case let object as [String: Any]:
                if object.keys.contains(where: { $0.utf8.contains(0) }) { return true }
                pending += Array(object.values)
            default: continue
            }
        }
        return false
    }

    /// `bytes` without surrounding ASCII white space and UTF-8 byte-order marks.
    static func trimmed(_ bytes: [UInt8]) -> [UInt8] {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        var slice = bytes[...]
        while true {
            if let first = slice.first, isSpace(first) {
                slice = slice.dropFirst()
            } else if slice.starts(with: mark) {
                slice = slice.dropFirst(3)
            } else {
                break
            }
        }
        while true {
            if let last = slice.last, isSpace(last) {
                slice = slice.dropLast()
            } else if slice.count >= 3, slice.suffix(3).elementsEqual(mark) {
                slice = slice.dropLast(3)
            } else {
                break
            }
        }
        return Array(slice)
    }

    /// Whether `byte` is ASCII white space (space, tab, line feed, vertical tab, form feed, return).
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}
