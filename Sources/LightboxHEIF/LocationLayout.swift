/// The field widths of an `iloc` box (versions 0 to 2), to read one entry and write it again
/// with its file offsets moved and every field as wide as it was.
struct LocationLayout {
    /// The box version: 0 has no construction method, 2 has 32-bit item ids.
    let version: UInt8
    /// Bytes of each extent's offset, length and index, and of the base offset (0, 4 or 8).
    let offsetSize: Int, lengthSize: Int, baseSize: Int, indexSize: Int

    /// The layout of the two size bytes that follow the box's version and flags.
    init(version: UInt8, sizes: UInt8, more: UInt8) {
        self.version = version
        (offsetSize, lengthSize) = (Int(sizes >> 4), Int(sizes & 15))
        (baseSize, indexSize) = (Int(more >> 4), version >= 1 ? Int(more & 15) : 0)
    }

    /// The next entry's item id and its bytes written again, file offsets (construction method
    /// 0) passed through `moved`: the base offset moved, each extent's offset moved less it.
    func entry(
        _ reader: inout ByteReader, moved: (UInt64) -> UInt64
    ) throws(HEIFFormatError) -> (UInt32, [UInt8]) {
        for size in [offsetSize, lengthSize, baseSize, indexSize] where ![0, 4, 8].contains(size) {
            throw HEIFFormatError("iloc: a field of \(size) bytes")
        }
        var writer = BoxWriter()
        let id = version < 2 ? UInt32(try reader.u16()) : try reader.u32()
        if version < 2 { writer.u16(UInt16(id)) } else { writer.u32(id) }
        var method = 0
        if version >= 1 {
            let field = try reader.u16()
            method = Int(field & 15)
            writer.u16(field)
        }
        writer.u16(try reader.u16())
        let base = try reader.uint(size: baseSize)
        let newBase = method == 0 && base > 0 ? moved(base) : base
        writer.uint(newBase, size: baseSize)
        let extents = try reader.u16()
        writer.u16(extents)
        for _ in 0..<extents {
            writer.uint(try reader.uint(size: indexSize), size: indexSize)
            let offset = try reader.uint(size: offsetSize)
            let (absolute, overflow) = base.addingReportingOverflow(offset)
            guard !overflow else { throw HEIFFormatError("iloc: item \(id) offset overflows") }
            let newOffset = method == 0 ? moved(absolute) : absolute
            guard newOffset >= newBase, offsetSize > 0 || newOffset == newBase else {
                throw HEIFFormatError("iloc: item \(id) cannot be moved")
            }
            writer.uint(newOffset - newBase, size: offsetSize)
            writer.uint(try reader.uint(size: lengthSize), size: lengthSize)
        }
        return (id, writer.bytes)
    }
}
