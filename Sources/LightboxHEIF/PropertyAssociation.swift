/// One association of an item with a property (`ipma`): the property's 1-based index in `ipco`
/// (0: none) and whether the property is essential.
package struct PropertyAssociation: Sendable, Equatable {
    /// The 1-based index into `ipco`'s children; 0 associates nothing.
    package let index: Int
    /// Whether a reader must understand the property to show the item.
    package let essential: Bool

    /// Makes an association.
    package init(index: Int, essential: Bool) {
        self.index = index
        self.essential = essential
    }

    /// Every item's associations in an `ipma` payload, by item id. As libheif does, an item
    /// listed twice keeps its first entry.
    static func parseTable(
        _ bytes: [UInt8], _ payload: Range<Int>
    ) throws(HEIFFormatError)
        -> [UInt32: [PropertyAssociation]]
    {
        var reader = ByteReader(bytes, range: payload, context: "ipma")
        let (version, flags) = try reader.fullBoxHeader()
        let count = Int(try reader.u32())
        var table: [UInt32: [PropertyAssociation]] = [:]
        for _ in 0..<count {
            let id = version < 1 ? UInt32(try reader.u16()) : try reader.u32()
            let associationCount = Int(try reader.u8())
            var associations: [PropertyAssociation] = []
            for _ in 0..<associationCount {
                if flags & 1 != 0 {
                    let value = try reader.u16()
                    associations.append(PropertyAssociation(index: Int(value & 0x7FFF), essential: value & 0x8000 != 0))
                } else {
                    let value = try reader.u8()
                    associations.append(PropertyAssociation(index: Int(value & 0x7F), essential: value & 0x80 != 0))
                }
            }
            if table[id] == nil { table[id] = associations }
        }
        return table
    }
}
