/// A small HEIF file made in memory whose primary image is a grid of only some of another
/// file's tiles: the same tile items (their HEVC data and every property, copied byte for
/// byte) under a grid of the block's size, without the original grid's transforms. libheif
/// decodes and converts each tile of it exactly as it would in the whole file, so the decoded
/// block is the same pixels as that block of the whole image, before the transforms.
package enum SubgridFile {
    /// The file for `span` of `grid` (read from `meta`); `tileData` holds each distinct tile's
    /// bytes by original item id. Throws `irregularGrid` past what the format can hold.
    package static func make(
        meta: HEIFMeta, grid: TileGrid, span: TileSpan, tileData: [UInt32: [UInt8]]
    ) throws(TileDecline) -> [UInt8] {
        let tiles = grid.tiles(of: span)
        var distinct: [UInt32] = []
        for tile in tiles where !distinct.contains(tile) { distinct.append(tile) }
        guard tiles.count <= Int(UInt16.max), meta.properties.count < 0x7FFF else { throw .irregularGrid }
        let ids = Dictionary(uniqueKeysWithValues: distinct.enumerated().map { ($0.element, UInt32($0.offset + 2)) })
        let descriptor = ImageGrid(
            rows: span.rows.count, columns: span.columns.count, outputWidth: span.area.width,
            outputHeight: span.area.height
        ).bytes
        var payloads = [descriptor]
        for tile in distinct {
            guard let data = tileData[tile] else { throw .malformed("no data for tile \(tile)") }
            payloads.append(data)
        }
        let associations = try itemAssociations(meta: meta, grid: grid.gridID, tiles: distinct)
        let parts = Parts(
            meta: meta, tiles: distinct, references: tiles.map { ids[$0]! }, associations: associations,
            size: (span.area.width, span.area.height), payloads: payloads)
        var file = BoxWriter()
        parts.fileType(&file)
        let start = file.bytes.count
        var probe = BoxWriter()
        parts.meta(&probe, dataStart: 0)
        let total = payloads.reduce(0) { $0 + $1.count }
        let mdatHeader = total + 8 <= Int(UInt32.max) ? 8 : 16
        parts.meta(&file, dataStart: UInt64(start + probe.bytes.count + mdatHeader))
        file.box("mdat") { writer in for payload in payloads { writer.append(payload) } }
        return file.bytes
    }

    /// The associations of the new grid (1) and tiles (2, 3, ...): the grid's own without its
    /// size and transforms, plus a new `ispe` (the last property) for the block's size; the
    /// tiles' as they are. Index 0 ("none") is dropped, as libheif skips it.
    static func itemAssociations(
        meta: HEIFMeta, grid: UInt32, tiles: [UInt32]
    ) throws(TileDecline)
        -> [[PropertyAssociation]]
    {
        let extent = PropertyAssociation(index: meta.properties.count + 1, essential: false)
        var own: [PropertyAssociation] = [extent]
        for association in meta.associations[grid] ?? [] where association.index > 0 {
            guard association.index <= meta.properties.count else { throw .malformed("ipma: property out of range") }
            let type = meta.properties[association.index - 1].type
            if !["ispe", "irot", "imir", "clap"].contains(type) { own.append(association) }
        }
        var all = [own]
        guard own.count <= 255 else { throw .irregularGrid }
        for tile in tiles {
            let kept = (meta.associations[tile] ?? []).filter { $0.index > 0 }
            guard kept.allSatisfy({ $0.index <= meta.properties.count }) else {
                throw .malformed("ipma: property out of range")
            }
            all.append(kept)
        }
        return all
    }
}
