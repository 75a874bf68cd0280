/// Where a JSON text's strings lie, byte by byte: a quote opens one and the next quote not
/// escaped by a backslash closes it, so the scanners that skip strings share one rule.
package struct JSONStringScan {
    /// Whether the bytes taken so far end inside a string.
    package private(set) var inString = false
    /// Whether the last byte taken was a backslash that escapes the next.
    private var escaped = false

    /// Starts outside any string.
    package init() {}

    /// Takes `byte`; true when it belongs to a string, its quotes included.
    package mutating func take(_ byte: UInt8) -> Bool {
        guard inString else {
            inString = byte == UInt8(ascii: "\"")
            return inString
        }
        if escaped {
            escaped = false
        } else if byte == UInt8(ascii: "\\") {
            escaped = true
        } else if byte == UInt8(ascii: "\"") {
            inString = false
        }
        return true
    }
}
