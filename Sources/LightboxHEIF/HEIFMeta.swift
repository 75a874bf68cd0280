/// The `meta` box of a HEIF file, read: its primary item, items, their locations, references,
/// properties and property associations, and the `idat` bytes.
package struct HEIFMeta: Sendable {
    /// The primary item's id (`pitm`).
    package let primary: UInt32
    /// Every item, by id (`iinf`).
    package let items: [UInt32: ItemInfo]
    /// Every item's location, by id (`iloc`).
    package let locations: [UInt32: ItemLocation]
    /// Every reference, in file order (`iref`).
    package let references: [ItemReference]
    /// The property boxes, in `ipco` order (index 1 is the first).
    package let properties: [ItemProperty]
    /// Each item's property associations, by id (`ipma`).
    package let associations: [UInt32: [PropertyAssociation]]
    /// The bytes of `idat`, which construction method 1 locations point into.
    package let idat: [UInt8]

    /// Reads the payload (`payload` of `bytes`) of a `meta` box.
    package init(_ bytes: [UInt8], payload: Range<Int>) throws(HEIFFormatError) {
        var reader = ByteReader(bytes, range: payload, context: "meta")
        _ = try reader.fullBoxHeader()
        let children = try Box.children(of: bytes, in: reader.offset..<reader.end, context: "meta")
        func child(_ type: String) throws(HEIFFormatError) -> Box {
            guard let box = children.first(where: { $0.type == type }) else {
                throw HEIFFormatError("no '\(type)' box")
            }
            return box
        }
        if let handler = children.first(where: { $0.type == "hdlr" }) {
            var hdlr = ByteReader(bytes, range: handler.payload, context: "hdlr")
            try hdlr.skip(8)
            guard try hdlr.fourCC() == "pict" else { throw HEIFFormatError("hdlr: not a picture handler") }
        }
        var pitm = ByteReader(bytes, range: try child("pitm").payload, context: "pitm")
        let pitmVersion = try pitm.fullBoxHeader().version
        primary = pitmVersion == 0 ? UInt32(try pitm.u16()) : try pitm.u32()
        let infos = try ItemInfo.parseList(bytes, try child("iinf").payload)
        items = Dictionary(infos.map { ($0.id, $0) }) { first, _ in first }
        locations = try ItemLocation.parseTable(bytes, try child("iloc").payload)
        if let iref = children.first(where: { $0.type == "iref" }) {
            references = try ItemReference.parseList(bytes, iref.payload)
        } else {
            references = []
        }
        let iprp = try Box.children(of: bytes, in: try child("iprp").payload, context: "iprp")
        guard let ipco = iprp.first(where: { $0.type == "ipco" }) else { throw HEIFFormatError("no 'ipco' box") }
        let ipmas = iprp.filter { $0.type == "ipma" }
        guard ipmas.count == 1 else { throw HEIFFormatError("\(ipmas.count) 'ipma' boxes") }
        properties = try Box.children(of: bytes, in: ipco.payload, context: "ipco").map {
            ItemProperty(type: $0.type, bytes: bytes, range: $0.range, payload: $0.payload)
        }
        associations = try PropertyAssociation.parseTable(bytes, ipmas[0].payload)
        idat = children.first { $0.type == "idat" }.map { Array(bytes[$0.payload]) } ?? []
    }

    /// Reads the one top-level `meta` box of a whole file's `bytes`.
    package init(file bytes: [UInt8]) throws(HEIFFormatError) {
        let metas = try Box.children(of: bytes, in: 0..<bytes.count, context: "file").filter { $0.type == "meta" }
        guard metas.count == 1, let meta = metas.first else { throw HEIFFormatError("\(metas.count) 'meta' boxes") }
        try self.init(bytes, payload: meta.payload)
    }

    /// Whether the primary item exists and is located with at least one run of bytes: libheif
    /// 1.15 writes a file without it (`pitm` naming no image) when its x265 encoder gives nothing.
    package var primaryHasData: Bool {
        guard items[primary] != nil, let location = locations[primary] else { return false }
        return !location.extents.isEmpty
    }

    /// The properties associated with item `id`, in association order (index 0 skipped, as
    /// libheif skips it); throws for an index past `ipco`'s end, as libheif does.
    package func properties(of id: UInt32) throws(HEIFFormatError) -> [ItemProperty] {
        var found: [ItemProperty] = []
        for association in associations[id] ?? [] {
            guard association.index <= properties.count else {
                throw HEIFFormatError("ipma: item \(id) names property \(association.index) of \(properties.count)")
            }
            if association.index > 0 { found.append(properties[association.index - 1]) }
        }
        return found
    }

    /// The items item `id` refers to with references of `type` (the first such reference, as libheif reads it).
    package func referenced(from id: UInt32, type: String) -> [UInt32] {
        references.first { $0.from == id && $0.type == type }?.to ?? []
    }

    /// The bytes of item `id`: its extents read from `source` (construction method 0) or from
    /// `idat` (1), one after another; throws for another file, another item, or an open-ended extent.
    package func data(of id: UInt32, from source: any ByteSource) throws(HEIFFormatError) -> [UInt8] {
        guard let location = locations[id] else { throw HEIFFormatError("iloc: no location for item \(id)") }
        guard location.dataReference == 0 else { throw HEIFFormatError("item \(id) lies in another file") }
        var data: [UInt8] = []
        for extent in location.extents {
            guard extent.length > 0, extent.offset <= UInt64(Int.max), extent.length <= UInt64(Int.max) else {
                throw HEIFFormatError("item \(id): an open-ended or huge extent")
            }
            let (offset, length) = (Int(extent.offset), Int(extent.length))
            switch location.constructionMethod {
            case 0:
                data += try source.read(at: offset, count: length)
            case 1:
                data += try MemoryBytes(idat).read(at: offset, count: length)
            default:
                throw HEIFFormatError("item \(id): construction method \(location.constructionMethod)")
            }
        }
        return data
    }
}
