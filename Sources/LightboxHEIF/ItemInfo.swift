/// One item of a HEIF file (`infe`): its id, its type and whether it is hidden.
package struct ItemInfo: Sendable, Equatable {
    /// The item id.
    package let id: UInt32
    /// The item type: `hvc1` (an HEVC image), `av01`, `grid`, `Exif`, `mime` and so on.
    package let type: String
    /// The infe flags (bit 0: hidden, as tiles are).
    package let flags: UInt32

    /// Makes an item.
    package init(id: UInt32, type: String, flags: UInt32) {
        self.id = id
        self.type = type
        self.flags = flags
    }

    /// The items of an `iinf` box's payload. Entries of version 0 and 1 (no item type) are kept
    /// with an empty type; version 2 and 3 carry the type.
    static func parseList(_ bytes: [UInt8], _ payload: Range<Int>) throws(HEIFFormatError) -> [ItemInfo] {
        var reader = ByteReader(bytes, range: payload, context: "iinf")
        let (version, _) = try reader.fullBoxHeader()
        let count = version == 0 ? Int(try reader.u16()) : Int(try reader.u32())
        let entries = try Box.children(of: bytes, in: reader.offset..<reader.end, context: "iinf")
        guard entries.count >= count else {
            throw HEIFFormatError("iinf: \(count) items announced, \(entries.count) found")
        }
        return try entries.filter { $0.type == "infe" }.map { (entry) throws(HEIFFormatError) in
            try ItemInfo.parse(bytes, entry.payload)
        }
    }

    /// One `infe` payload.
    static func parse(_ bytes: [UInt8], _ payload: Range<Int>) throws(HEIFFormatError) -> ItemInfo {
        var reader = ByteReader(bytes, range: payload, context: "infe")
        let (version, flags) = try reader.fullBoxHeader()
        let id = version == 3 ? try reader.u32() : UInt32(try reader.u16())
        _ = try reader.u16()
        let type = version >= 2 ? try reader.fourCC() : ""
        return ItemInfo(id: id, type: type, flags: flags)
    }
}
