/// A bounds-checked big-endian cursor over a range of bytes, as ISO BMFF boxes store their fields.
///
/// Every read checks that the bytes are there and throws `HEIFFormatError` naming `context`
/// (the box being read) when they are not.
package struct ByteReader {
    /// The bytes read from.
    let bytes: [UInt8]
    /// The next byte to read.
    package private(set) var offset: Int
    /// One past the last byte this reader may read.
    package let end: Int
    /// The box being read, for messages.
    let context: String

    /// A reader over `bytes[range]`; the range is clamped to the bytes.
    package init(_ bytes: [UInt8], range: Range<Int>? = nil, context: String) {
        self.bytes = bytes
        let range = range ?? 0..<bytes.count
        offset = max(0, min(range.lowerBound, bytes.count))
        end = max(offset, min(range.upperBound, bytes.count))
        self.context = context
    }

    /// Bytes left to read.
    package var remaining: Int { end - offset }

    /// Whether every byte has been read.
    package var isAtEnd: Bool { offset >= end }

    /// Throws unless `count` more bytes are there.
    func require(_ count: Int) throws(HEIFFormatError) {
        guard count >= 0, count <= remaining else {
            throw HEIFFormatError("\(context): \(count) bytes needed at offset \(offset), \(remaining) left")
        }
    }

    /// An unsigned big-endian integer of `size` bytes (0 to 8; 0 reads nothing and gives 0).
    package mutating func uint(size: Int) throws(HEIFFormatError) -> UInt64 {
        guard size >= 0, size <= 8 else { throw HEIFFormatError("\(context): a \(size)-byte field") }
        try require(size)
        var value: UInt64 = 0
        for index in 0..<size { value = value << 8 | UInt64(bytes[offset + index]) }
        offset += size
        return value
    }

    /// One byte.
    package mutating func u8() throws(HEIFFormatError) -> UInt8 { UInt8(try uint(size: 1)) }

    /// Two bytes.
    package mutating func u16() throws(HEIFFormatError) -> UInt16 { UInt16(try uint(size: 2)) }

    /// Four bytes.
    package mutating func u32() throws(HEIFFormatError) -> UInt32 { UInt32(try uint(size: 4)) }

    /// Four bytes read as a signed number.
    package mutating func i32() throws(HEIFFormatError) -> Int32 { Int32(bitPattern: try u32()) }

    /// Eight bytes.
    package mutating func u64() throws(HEIFFormatError) -> UInt64 { try uint(size: 8) }

    /// A four-character code, such as `grid`, bytes outside printable ASCII shown as `?`.
    package mutating func fourCC() throws(HEIFFormatError) -> String {
        try require(4)
        let code = bytes[offset..<offset + 4].map { $0 >= 0x20 && $0 < 0x7F ? Character(Unicode.Scalar($0)) : "?" }
        offset += 4
        return String(code)
    }

    /// A full box's version and 24-bit flags.
    package mutating func fullBoxHeader() throws(HEIFFormatError) -> (version: UInt8, flags: UInt32) {
        let version = try u8()
        let flags = UInt32(try uint(size: 3))
        return (version, flags)
    }

    /// A NUL-terminated string (the rest of the range when there is no NUL), as UTF-8.
    package mutating func cString() throws(HEIFFormatError) -> String {
        let start = offset
        while offset < end && bytes[offset] != 0 { offset += 1 }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        if offset < end { offset += 1 }
        return text
    }

    /// Skips `count` bytes.
    package mutating func skip(_ count: Int) throws(HEIFFormatError) {
        try require(count)
        offset += count
    }

    /// The next `count` bytes as a range of the underlying bytes, skipped over.
    package mutating func range(_ count: Int) throws(HEIFFormatError) -> Range<Int> {
        try require(count)
        defer { offset += count }
        return offset..<offset + count
    }
}
