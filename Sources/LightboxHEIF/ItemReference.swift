/// One reference of an `iref` box: from one item to others, of a type such as `dimg` (a grid's
/// tiles, in order), `thmb` (a thumbnail of), `auxl` (an auxiliary image of) or `cdsc` (metadata of).
package struct ItemReference: Sendable, Equatable {
    /// The reference type.
    package let type: String
    /// The item that refers.
    package let from: UInt32
    /// The items referred to, in order.
    package let to: [UInt32]

    /// Every reference in an `iref` payload (version 0: 16-bit ids, 1: 32-bit ids).
    static func parseList(_ bytes: [UInt8], _ payload: Range<Int>) throws(HEIFFormatError) -> [ItemReference] {
        var reader = ByteReader(bytes, range: payload, context: "iref")
        let (version, _) = try reader.fullBoxHeader()
        let idSize = version == 0 ? 2 : 4
        return try Box.children(of: bytes, in: reader.offset..<reader.end, context: "iref").map {
            (box) throws(HEIFFormatError) in
            var entry = ByteReader(bytes, range: box.payload, context: "iref '\(box.type)'")
            let from = UInt32(try entry.uint(size: idSize))
            let count = Int(try entry.u16())
            try entry.require(count * idSize)
            var to: [UInt32] = []
            for _ in 0..<count { to.append(UInt32(try entry.uint(size: idSize))) }
            return ItemReference(type: box.type, from: from, to: to)
        }
    }
}
