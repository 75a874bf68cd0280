/// One ISO BMFF box: its four-character type and where its payload lies.
package struct Box: Sendable, Equatable {
    /// The type, such as `meta` or `ipco`.
    package let type: String
    /// Where the whole box lies (header included), in the bytes it was read from.
    package let range: Range<Int>
    /// Where its payload lies (after the size, type and any 64-bit size).
    package let payload: Range<Int>

    /// The boxes that fill `range` of `bytes` one after another (`context` names the parent,
    /// for messages). A size of 0 runs to the end of the range; a size that overruns it throws.
    package static func children(
        of bytes: [UInt8], in range: Range<Int>, context: String
    ) throws(HEIFFormatError)
        -> [Box]
    {
        var reader = ByteReader(bytes, range: range, context: context)
        var boxes: [Box] = []
        while reader.remaining >= 8 {
            let start = reader.offset
            let header = try Box.header(&reader)
            let size = header.size == 0 ? reader.end - start : header.size
            guard size >= reader.offset - start, size <= reader.end - start else {
                throw HEIFFormatError("\(context): box '\(header.type)' of \(size) bytes overruns its parent")
            }
            boxes.append(Box(type: header.type, range: start..<start + size, payload: reader.offset..<start + size))
            try reader.skip(start + size - reader.offset)
        }
        return boxes
    }

    /// Reads a box header (size, type, 64-bit size when the size is 1); the size is 0 for "to the end".
    static func header(_ reader: inout ByteReader) throws(HEIFFormatError) -> (type: String, size: Int) {
        let small = try reader.u32()
        let type = try reader.fourCC()
        guard small == 1 else { return (type, Int(small)) }
        let large = try reader.u64()
        guard large <= UInt64(Int.max) else { throw HEIFFormatError("box '\(type)': size \(large) is too large") }
        return (type, Int(large))
    }

    /// The top-level boxes of `source` up to and including the first of type `last` (at most
    /// `limit` boxes), each located in the file without reading its payload.
    package static func topLevel(
        of source: any ByteSource, through last: String, limit: Int = 64
    )
        throws(HEIFFormatError) -> [Box]
    {
        var boxes: [Box] = []
        var offset = 0
        while offset + 8 <= source.size, boxes.count < limit {
            let head = try source.read(at: offset, count: min(16, source.size - offset))
            var reader = ByteReader(head, context: "file")
            let header = try Box.header(&reader)
            let size = header.size == 0 ? source.size - offset : header.size
            guard size >= reader.offset, size <= source.size - offset else {
                throw HEIFFormatError("box '\(header.type)' at offset \(offset) overruns the file")
            }
            boxes.append(
                Box(type: header.type, range: offset..<offset + size, payload: offset + reader.offset..<offset + size))
            if header.type == last { break }
            offset += size
        }
        return boxes
    }
}
