/// JSON strings as `JSONCheck` reads them: a key's text decoded to be compared with its object's
/// other keys, and each `\u` escape checked to stand for a character.
extension JSONCheck {
    /// Reads the string that opens here: a key's text when `isKey`, else nothing kept. A `\u`
    /// escape that is no character (not four hex digits, a lone surrogate) is a fault of `field`.
    mutating func string(field: String?, isKey: Bool) throws(Stop) -> String {
        at += 1
        var text: [UInt8] = []
        while at < bytes.count {
            let byte = bytes[at]
            at += 1
            switch byte {
            case UInt8(ascii: "\""): return isKey ? String(decoding: text, as: UTF8.self) : ""
            case 0..<0x20: throw .syntax
            case UInt8(ascii: "\\"):
                let scalar = try escape(field: field, isKey: isKey)
                if isKey { text += Array(String(Character(scalar)).utf8) }
            default: if isKey { text.append(byte) }
            }
        }
        throw .syntax
    }

    /// Reads the escape after a backslash: the character it stands for.
    private mutating func escape(field: String?, isKey: Bool) throws(Stop) -> Unicode.Scalar {
        guard at < bytes.count else { throw .syntax }
        let byte = bytes[at]
        at += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(byte)
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            guard let scalar = unicode() else {
                throw .fault(Fault(field: field, "invalid \\u escape" + (isKey ? " in a key" : "")))
            }
            return scalar
        default: throw .syntax
        }
    }

    /// Reads the four hex digits after `\u`, and a low surrogate's escape after a high one's:
    /// the character; nil when they are no character.
    private mutating func unicode() -> Unicode.Scalar? {
        guard let high = hex() else { return nil }
        guard (0xD800...0xDFFF).contains(high) else { return Unicode.Scalar(high) }
        guard high < 0xDC00, bytes[at...].starts(with: Array("\\u".utf8)) else { return nil }
        at += 2
        guard let low = hex(), (0xDC00...0xDFFF).contains(low) else { return nil }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
    }

    /// Reads four hex digits: their value; nil when they are not four hex digits.
    private mutating func hex() -> UInt32? {
        guard at + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[at..<at + 4] {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 + UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 + UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = value << 4 + UInt32(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
        }
        at += 4
        return value
    }
}
