import Foundation

/// A pull reader of one JSON file, a chunk at a time, so a file of any size is read in
/// little memory; values are read or skipped one by one, and errors carry the line.
final class JSONStream {
    /// The file, for messages.
    let path: String
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false
    /// The line being read, from 1.
    private(set) var line = 1

    /// Opens `path`.
    init(path: String) throws(BatchProblem) {
        self.path = path
        guard let handle = FileHandle(forReadingAtPath: path) else { throw BatchProblem(path, "cannot open the file") }
        self.handle = handle
    }

    deinit { try? handle.close() }

    /// A problem at the current line.
    func problem(_ message: String) -> BatchProblem {
        BatchProblem(path, line: line, message)
    }

    /// The next byte without taking it, nil at the end of the file.
    private func peekByte() -> UInt8? {
        if position == buffer.count {
            guard !atEnd else { return nil }
            buffer = Array(handle.readData(ofLength: 1 << 20))
            position = 0
            if buffer.isEmpty { atEnd = true; return nil }
        }
        return buffer[position]
    }

    /// Takes the next byte, counting lines.
    private func takeByte() throws(BatchProblem) -> UInt8 {
        guard let byte = peekByte() else { throw problem("the JSON ends too early") }
        position += 1
        if byte == UInt8(ascii: "\n") { line += 1 }
        return byte
    }

    /// The next byte that is not white space, not taken.
    func peek() throws(BatchProblem) -> UInt8 {
        while let byte = peekByte() {
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return byte }
            _ = try takeByte()
        }
        throw problem("the JSON ends too early")
    }

    /// Whether only white space is left.
    func isFinished() -> Bool {
        (try? peek()) == nil
    }

    /// Takes `byte` after white space, or throws naming what was expected.
    func expect(_ byte: UInt8, _ what: String) throws(BatchProblem) {
        let found = try peek()
        guard found == byte else { throw problem("expected \(what), found '\(Character(UnicodeScalar(found)))'") }
        _ = try takeByte()
    }

    /// Starts an object, then each call gives the next key (nil after the closing brace).
    func nextKey(first: inout Bool) throws(BatchProblem) -> String? {
        if first {
            try expect(UInt8(ascii: "{"), "an object")
            first = false
            if try peek() == UInt8(ascii: "}") { _ = try takeByte(); return nil }
        } else {
            let byte = try takeNonSpace()
            if byte == UInt8(ascii: "}") { return nil }
            guard byte == UInt8(ascii: ",") else { throw problem("expected ',' or '}' in an object") }
        }
        let key = try string()
        try expect(UInt8(ascii: ":"), "':'")
        return key
    }

    /// Starts an array, then each call says whether another element follows.
    func nextElement(first: inout Bool) throws(BatchProblem) -> Bool {
        if first {
            try expect(UInt8(ascii: "["), "an array")
            first = false
            if try peek() == UInt8(ascii: "]") { _ = try takeByte(); return false }
            return true
        }
        let byte = try takeNonSpace()
        if byte == UInt8(ascii: "]") { return false }
        guard byte == UInt8(ascii: ",") else { throw problem("expected ',' or ']' in an array") }
        return true
    }

    private func takeNonSpace() throws(BatchProblem) -> UInt8 {
        _ = try peek()
        return try takeByte()
    }

    /// A string value.
    func string() throws(BatchProblem) -> String {
        try expect(UInt8(ascii: "\""), "a string")
        var bytes: [UInt8] = []
        while true {
            let byte = try takeByte()
            if byte == UInt8(ascii: "\"") { break }
            bytes.append(byte)
            if byte == UInt8(ascii: "\\") { bytes.append(try takeByte()) }
            if bytes.count > 1 << 20 { throw problem("a string longer than 1 MB") }
        }
        guard bytes.contains(UInt8(ascii: "\\")) else { return String(decoding: bytes, as: UTF8.self) }
        let quoted = Data([UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\"")])
        guard let text = try? JSONSerialization.jsonObject(with: quoted, options: .fragmentsAllowed) as? String else {
            throw problem("a string with a bad escape")
        }
        return text
    }

    /// A number value.
    func number() throws(BatchProblem) -> Double {
        _ = try peek()
        var text = ""
        while let byte = peekByte(), (byte >= 0x30 && byte <= 0x39) || "+-.eE".utf8.contains(byte) {
            text.append(Character(UnicodeScalar(byte)))
            _ = try takeByte()
            if text.count > 64 { break }
        }
        guard let value = Double(text), value.isFinite else { throw problem("expected a number") }
        return value
    }

    /// Whether the next value is `null` (taken if so).
    func null() throws(BatchProblem) -> Bool {
        guard try peek() == UInt8(ascii: "n") else { return false }
        for expected in "null".utf8 where try takeByte() != expected { throw problem("expected null") }
        return true
    }

    /// Skips one value of any kind, however deeply nested, without keeping it.
    func skip() throws(BatchProblem) {
        var depth = 0
        repeat {
            let byte = try peek()
            switch byte {
            case UInt8(ascii: "\""): _ = try string()
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1; _ = try takeByte()
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1; _ = try takeByte()
            case UInt8(ascii: ","), UInt8(ascii: ":"):
                guard depth > 0 else { throw problem("unexpected '\(Character(UnicodeScalar(byte)))'") }
                _ = try takeByte()
            default: try skipWord()
            }
        } while depth > 0
        guard depth == 0 else { throw problem("unbalanced brackets") }
    }

    /// Skips a number, true, false or null.
    private func skipWord() throws(BatchProblem) {
        var taken = 0
        while let byte = peekByte(), !" \t\r\n,:]}[{\"".utf8.contains(byte) {
            _ = try takeByte()
            taken += 1
        }
        guard taken > 0 else { throw problem("expected a JSON value") }
    }
}
