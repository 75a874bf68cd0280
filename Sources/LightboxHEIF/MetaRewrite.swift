/// A `meta` box written again without some items: their `infe` entries, `iloc` entries and the
/// references they make left out, every other location's file offsets passed through `moved`.
/// Every other box (`hdlr`, `pitm`, `iprp`, `idat`...) is copied byte for byte.
struct MetaRewrite {
    /// The file the box was read from.
    let bytes: [UInt8]
    /// The `meta` box.
    let box: Box
    /// The items to leave out.
    let removing: Set<UInt32>
    /// Where a file offset (construction method 0) lands in the new file.
    let moved: (UInt64) -> UInt64

    /// The new box, header and all.
    func written() throws(HEIFFormatError) -> [UInt8] {
        var reader = ByteReader(bytes, range: box.payload, context: "meta")
        let version = try reader.range(4)
        let children = try Box.children(of: bytes, in: reader.offset..<reader.end, context: "meta")
        var parts: [[UInt8]] = []
        for child in children {
            switch child.type {
            case "iinf": parts.append(try itemInfos(child))
            case "iloc": parts.append(try locations(child))
            case "iref": parts.append(try references(child))
            default: parts.append(Array(bytes[child.range]))
            }
        }
        var writer = BoxWriter()
        writer.box("meta") { content in
            content.append(Array(bytes[version]))
            for part in parts { content.append(part) }
        }
        return writer.bytes
    }

    /// `iinf` without the removed items' entries, its count lowered.
    private func itemInfos(_ child: Box) throws(HEIFFormatError) -> [UInt8] {
        var reader = ByteReader(bytes, range: child.payload, context: "iinf")
        let (version, flags) = try reader.fullBoxHeader()
        _ = version == 0 ? UInt32(try reader.u16()) : try reader.u32()
        let entries = try Box.children(of: bytes, in: reader.offset..<reader.end, context: "iinf")
        var kept: [Box] = []
        for entry in entries {
            guard entry.type == "infe" else { throw HEIFFormatError("iinf: a '\(entry.type)' box") }
            if !removing.contains(try ItemInfo.parse(bytes, entry.payload).id) { kept.append(entry) }
        }
        guard version != 0 || kept.count <= Int(UInt16.max) else { throw HEIFFormatError("iinf: too many items") }
        var writer = BoxWriter()
        writer.fullBox("iinf", version: version, flags: flags) { content in
            if version == 0 { content.u16(UInt16(kept.count)) } else { content.u32(UInt32(kept.count)) }
            for entry in kept { content.append(Array(bytes[entry.range])) }
        }
        return writer.bytes
    }

    /// `iref` without the references the removed items make; nothing when none is left.
    private func references(_ child: Box) throws(HEIFFormatError) -> [UInt8] {
        var reader = ByteReader(bytes, range: child.payload, context: "iref")
        let (version, flags) = try reader.fullBoxHeader()
        let entries = try Box.children(of: bytes, in: reader.offset..<reader.end, context: "iref")
        var kept: [Box] = []
        for entry in entries {
            var from = ByteReader(bytes, range: entry.payload, context: "iref '\(entry.type)'")
            let id = UInt32(try from.uint(size: version == 0 ? 2 : 4))
            if !removing.contains(id) { kept.append(entry) }
        }
        guard !kept.isEmpty else { return [] }
        var writer = BoxWriter()
        writer.fullBox("iref", version: version, flags: flags) { content in
            for entry in kept { content.append(Array(bytes[entry.range])) }
        }
        return writer.bytes
    }

    /// `iloc` without the removed items, the others' file offsets moved (fields of the same widths).
    private func locations(_ child: Box) throws(HEIFFormatError) -> [UInt8] {
        var reader = ByteReader(bytes, range: child.payload, context: "iloc")
        let (version, flags) = try reader.fullBoxHeader()
        guard version <= 2 else { throw HEIFFormatError("iloc: version \(version)") }
        let sizes = try reader.u8(), more = try reader.u8()
        let layout = LocationLayout(version: version, sizes: sizes, more: more)
        let count = version < 2 ? Int(try reader.u16()) : Int(try reader.u32())
        var entries: [[UInt8]] = []
        for _ in 0..<count {
            let (id, entry) = try layout.entry(&reader, moved: moved)
            if !removing.contains(id) { entries.append(entry) }
        }
        guard version == 2 || entries.count <= Int(UInt16.max) else { throw HEIFFormatError("iloc: too many items") }
        var writer = BoxWriter()
        writer.fullBox("iloc", version: version, flags: flags) { content in
            content.u8(sizes)
            content.u8(more)
            if version < 2 { content.u16(UInt16(entries.count)) } else { content.u32(UInt32(entries.count)) }
            for entry in entries { content.append(entry) }
        }
        return writer.bytes
    }
}
