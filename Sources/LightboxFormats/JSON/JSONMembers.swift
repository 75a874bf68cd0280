import Foundation

/// The top-level keys of a JSON object's bytes and where each value's text lies, found without
/// reading the values: so a value can be echoed exactly as it was written (a batch job's `id`,
/// `123456789012345678901234567890` or `1.50` as sent), and the `id` of a line too long to read
/// whole can still be found in its first bytes.
package struct JSONMembers {
    /// One key and the range of its value's text in the bytes.
    package typealias Member = (key: String, value: Range<Int>)

    /// The bytes scanned.
    private let bytes: [UInt8]
    /// Every member whose value's text ended within the bytes, followed by `,` or `}` or the
    /// bytes' end, in order: `"id":"cut,"x":1` is no member, its string having ended too early.
    package private(set) var members: [Member] = []

    /// Scans `bytes` (an object's text, whole or only its start); scanning stops at the first
    /// thing that is not an object's member, or where the bytes end.
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var index = skipSpace(from: 0)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return }
        index += 1
        while true {
            index = skipSpace(from: index)
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return }
            guard let keyEnd = stringEnd(from: index), let key = JSONMembers.key(bytes[index..<keyEnd]) else { return }
            index = skipSpace(from: keyEnd)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return }
            let start = skipSpace(from: index + 1)
            guard let end = valueEnd(from: start) else { return }
            index = skipSpace(from: end)
            guard index == bytes.count || [UInt8(ascii: ","), UInt8(ascii: "}")].contains(bytes[index]) else { return }
            members.append((key, start..<end))
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return }
            index += 1
        }
    }

    /// About how many values the JSON text `bytes` holds (each object, array, key and element
    /// counted by its opening bracket, colon or comma outside strings), counting no further than
    /// `limit + 1`: a cheap look at what parsing it would build.
    package static func valueCount(_ bytes: [UInt8], upTo limit: Int) -> Int {
        var count = 0
        var strings = JSONStringScan()
        for byte in bytes {
            if strings.take(byte) { continue }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: ","), UInt8(ascii: ":"): count += 1
            default: continue
            }
            if count > limit { return count }
        }
        return count
    }

    /// Where the value of `key` lies in the bytes (its first occurrence), if it is there.
    package func range(of key: String) -> Range<Int>? {
        members.first { $0.key == key }?.value
    }

    /// The value of `key` as compact JSON text (its white space outside strings removed, every
    /// character of numbers and strings as written: `1e400` too, which no double holds); nil when
    /// the key is absent or its value is cut short or not JSON.
    package func text(of key: String) -> String? {
        guard let member = members.first(where: { $0.key == key }) else { return nil }
        var compact: [UInt8] = []
        var strings = JSONStringScan()
        for byte in bytes[member.value] {
            if !strings.take(byte), JSONMembers.isSpace(byte) { continue }
            compact.append(byte)
        }
        // Once white space is gone, JSON text holds no control byte, in strings or out, and starts
        // as a value does (the parser below forgives a leading byte-order mark).
        guard let first = compact.first, "{[\"-0123456789tfn".utf8.contains(first),
            !"tfn".utf8.contains(first)
                || ["true", "false", "null"].contains(String(decoding: compact, as: UTF8.self)),
            !compact.contains(where: { $0 < 0x20 }), let numbersChecked = JSONMembers.numbersAsZero(compact),
            (try? JSONSerialization.jsonObject(with: Data(numbersChecked), options: .fragmentsAllowed)) != nil,
            let text = String(validating: compact, as: UTF8.self)
        else { return nil }
        return text
    }

    /// Compact JSON text with every number outside strings checked against JSON's grammar and
    /// written as `0`, so the rest can be checked by a parser that holds numbers as doubles; nil
    /// for a token that looks like a number and is not one.
    private static func numbersAsZero(_ text: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        var index = 0
        var strings = JSONStringScan()
        while index < text.count {
            let byte = text[index]
            if !strings.take(byte), byte == UInt8(ascii: "-") || (0x30...0x39).contains(byte) {
                let end = text[index...].firstIndex { !"+-.eE0123456789".utf8.contains($0) } ?? text.count
                guard isNumber(text[index..<end]) else { return nil }
                out.append(UInt8(ascii: "0"))
                index = end
                continue
            }
            out.append(byte)
            index += 1
        }
        return out
    }

    /// Whether `token` is a JSON number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, of any size.
    private static func isNumber(_ token: ArraySlice<UInt8>) -> Bool {
        var rest = token
        func digits() -> Int {
            let count = rest.prefix { (0x30...0x39).contains($0) }.count
            rest = rest.dropFirst(count)
            return count
        }
        if rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
        if rest.first == UInt8(ascii: "0") {
            rest = rest.dropFirst()
        } else if digits() == 0 {
            return false
        }
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            guard digits() > 0 else { return false }
        }
        if rest.first == UInt8(ascii: "e") || rest.first == UInt8(ascii: "E") {
            rest = rest.dropFirst()
            if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return rest.isEmpty
    }

    /// A key's text (quotes included) as a string; nil for a bad escape or invalid UTF-8.
    private static func key(_ quoted: ArraySlice<UInt8>) -> String? {
        guard quoted.contains(UInt8(ascii: "\\")) else {
            return String(validating: quoted.dropFirst().dropLast(), as: UTF8.self)
        }
        return (try? JSONSerialization.jsonObject(with: Data(quoted), options: .fragmentsAllowed)) as? String
    }

    /// The index after the string that opens at `start`, or nil when the bytes end first.
    private func stringEnd(from start: Int) -> Int? {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return nil
    }

    /// The index after the value that starts at `start`, or nil when the bytes end before it does.
    private func valueEnd(from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        switch bytes[start] {
        case UInt8(ascii: "\""): return stringEnd(from: start)
        case UInt8(ascii: "{"), UInt8(ascii: "["): return containerEnd(from: start)
        default:
            var index = start
            while index < bytes.count {
                let byte = bytes[index]
                if JSONMembers.isSpace(byte)
                    || [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(byte)
                {
                    return index > start ? index : nil
                }
                index += 1
            }
            return nil
        }
    }

    /// The index after the object or array that opens at `start` (brackets counted outside strings).
    private func containerEnd(from start: Int) -> Int? {
        var depth = 0
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                guard let end = stringEnd(from: index) else { return nil }
                index = end
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return index + 1 }
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The first index from `index` that is not JSON white space.
    private func skipSpace(from index: Int) -> Int {
        var index = index
        while index < bytes.count, JSONMembers.isSpace(bytes[index]) { index += 1 }
        return index
    }

    /// Whether `byte` is JSON white space.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
