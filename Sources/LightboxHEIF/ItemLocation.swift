/// Where one item's bytes are (`iloc`): in the file (construction method 0), in the `idat`
/// box (1), or in another item (2), as extents read one after another.
package struct ItemLocation: Sendable, Equatable {
    /// One run of bytes: its offset (base offset included) and length.
    package struct Extent: Sendable, Equatable {
        /// The offset, in the file or in `idat`.
        package let offset: UInt64
        /// The length; 0 means "to the end", which the tile path does not take.
        package let length: UInt64
    }

    /// 0: file offsets, 1: offsets into `idat`, 2: offsets into another item.
    package let constructionMethod: Int
    /// 0 for "this file"; anything else names another file (`dref`).
    package let dataReference: Int
    /// The runs, in order.
    package let extents: [Extent]

    /// Every item's location in an `iloc` payload, by item id (versions 0, 1 and 2).
    static func parseTable(
        _ bytes: [UInt8], _ payload: Range<Int>
    ) throws(HEIFFormatError)
        -> [UInt32: ItemLocation]
    {
        var reader = ByteReader(bytes, range: payload, context: "iloc")
        let (version, _) = try reader.fullBoxHeader()
        guard version <= 2 else { throw HEIFFormatError("iloc: version \(version)") }
        let sizes = try reader.u8(), more = try reader.u8()
        let (offsetSize, lengthSize, baseSize) = (Int(sizes >> 4), Int(sizes & 15), Int(more >> 4))
        let indexSize = version >= 1 ? Int(more & 15) : 0
        for size in [offsetSize, lengthSize, baseSize, indexSize] where ![0, 4, 8].contains(size) {
            throw HEIFFormatError("iloc: a field of \(size) bytes")
        }
        let count = version < 2 ? Int(try reader.u16()) : Int(try reader.u32())
        var table: [UInt32: ItemLocation] = [:]
        for _ in 0..<count {
            let id = version < 2 ? UInt32(try reader.u16()) : try reader.u32()
            let method = version >= 1 ? Int(try reader.u16() & 15) : 0
            let reference = Int(try reader.u16())
            let base = try reader.uint(size: baseSize)
            let extentCount = Int(try reader.u16())
            try reader.require(extentCount * (indexSize + offsetSize + lengthSize))
            var extents: [Extent] = []
            for _ in 0..<extentCount {
                try reader.skip(indexSize)
                let (offset, overflow) = base.addingReportingOverflow(try reader.uint(size: offsetSize))
                guard !overflow else { throw HEIFFormatError("iloc: item \(id) offset overflows") }
                extents.append(Extent(offset: offset, length: try reader.uint(size: lengthSize)))
            }
            table[id] = ItemLocation(constructionMethod: method, dataReference: reference, extents: extents)
        }
        return table
    }
}
