/// The `meta` of a whole file, and whether its primary image has bytes to decode.
extension HEIFMeta {
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
}
