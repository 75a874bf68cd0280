import Foundation

/// A pull reader of one JSON file, a chunk at a time, so a file of any size is read in
/// little memory; values are read or skipped one by one, and errors carry the line.
package final class JSONStream {
    /// The file, for messages.
    package let path: String
    private let handle: FileHandle?
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false
    /// The line being read, from 1.
    package private(set) var line = 1
    /// Why the file stopped being readable (a folder, an I/O error), when it did.
    private var readError: String?

    /// Opens `path`.
    package init(path: String) throws(BatchProblem) {
        self.path = path
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw BatchProblem.unreadable(path, "cannot open the file: \(FileContents.reason(path))")
        }
        self.handle = handle
    }

    /// Reads `data` already in memory (for the fuzzer), named `path` in messages.
    package init(data: Data, path: String) {
        self.path = path
        handle = nil
        buffer = Array(data)
        atEnd = true
    }

    deinit { try? handle?.close() }

    /// A problem at the current line.
    package func problem(_ message: String) -> BatchProblem {
        BatchProblem(path, line: line, message)
    }

    /// The next byte without taking it, nil at the end of the file (or where it cannot be read further).
    private func peekByte() -> UInt8? {
        if position == buffer.count {
            guard !atEnd, let handle else { return nil }
            do {
                buffer = Array(try handle.read(upToCount: 1 << 20) ?? Data())
            } catch {
                readError = String(cString: strerror(errno == 0 ? EIO : errno))
                buffer = []
            }
            position = 0
            if buffer.isEmpty { atEnd = true; return nil }
        }
        return buffer[position]
    }

    /// The problem at the end of what could be read: a read error, or a JSON text cut short.
    private func endProblem() -> BatchProblem {
        guard let readError else { return problem("the JSON ends too early") }
        return BatchProblem.unreadable(path, "cannot read the file: \(readError)")
    }

    /// Takes the next byte, counting lines.
    private func takeByte() throws(BatchProblem) -> UInt8 {
        guard let byte = peekByte() else { throw endProblem() }
        position += 1
        if byte == UInt8(ascii: "\n") { line += 1 }
        return byte
    }

    /// The next byte that is not white space, not taken.
    package func peek() throws(BatchProblem) -> UInt8 {
        while let byte = peekByte() {
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return byte }
            _ = try takeByte()
        }
        throw endProblem()
    }

    /// Whether only white space is left.
    package func isFinished() -> Bool {
        (try? peek()) == nil
    }

    /// Takes `byte` after white space, or throws naming what was expected.
    package func expect(_ byte: UInt8, _ what: String) throws(BatchProblem) {
        let found = try peek()
        guard found == byte else { throw problem("expected \(what), found '\(Character(UnicodeScalar(found)))'") }
        _ = try takeByte()
    }

    /// Starts an object, then each call gives the next key (nil after the closing brace).
    package func nextKey(first: inout Bool) throws(BatchProblem) -> String? {
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
    package func nextElement(first: inout Bool) throws(BatchProblem) -> Bool {
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
    package func string() throws(BatchProblem) -> String {
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
    package func number() throws(BatchProblem) -> Double {
        _ = try peek()
        var bytes: [UInt8] = []
        while let byte = peekByte(), Self.isNumberByte(byte), bytes.count < 64 {
            bytes.append(byte)
            position += 1
        }
        guard let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite else {
            throw problem("expected a number")
        }
        return value
    }

    /// Whether `byte` can be part of a JSON number.
    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || byte == 0x2E || byte == 0x2D || byte == 0x2B || byte == 0x65 || byte == 0x45
    }

    /// Whether the next value is `null` (taken if so).
    package func null() throws(BatchProblem) -> Bool {
        guard try peek() == UInt8(ascii: "n") else { return false }
        for expected in "null".utf8 where try takeByte() != expected { throw problem("expected null") }
        return true
    }

    /// Skips one value of any kind, however deeply nested, without keeping it: a tight scan
    /// of the buffer that only tracks strings and bracket depth.
    package func skip() throws(BatchProblem) {
        _ = try peek()
        var scan = SkipScan()
        while true {
            if position == buffer.count {
                guard peekByte() != nil else {
                    guard scan.isComplete else { throw problem("the JSON ends too early") }
                    return
                }
            }
            let bytes = buffer
            var index = position
            var finished = false
            while index < bytes.count {
                let byte = bytes[index]
                if scan.ends(before: byte) { finished = true; break }
                if byte == 0x0A { line += 1 }
                index += 1
                if try scan.take(byte, stream: self) { finished = true; break }
            }
            position = index
            if finished { return }
        }
    }

}
