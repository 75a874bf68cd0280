/// A HEIF file whose primary image the tile path can serve: its `meta` read and its grid
/// analysed once, then any block of tiles handed out as a small HEIF file of its own.
package final class TiledHEIF: @unchecked Sendable {
    /// The file's bytes, read on demand.
    let source: any ByteSource
    /// The file's `meta` box, read.
    package let meta: HEIFMeta
    /// The primary grid.
    package let grid: TileGrid

    /// The largest `meta` box read: far more than any camera writes (a few kilobytes).
    static let largestMeta = 16 << 20

    /// Reads `source`'s `meta` box and analyses its primary image; throws why the tile path
    /// cannot serve it.
    package init(source: any ByteSource) throws(TileDecline) {
        self.source = source
        let boxes: [Box]
        do { boxes = try Box.topLevel(of: source, through: "meta") } catch { throw .malformed(error.reason) }
        guard let metaBox = boxes.first(where: { $0.type == "meta" }) else { throw .malformed("no 'meta' box") }
        guard metaBox.range.count <= TiledHEIF.largestMeta else {
            throw .malformed("a meta box of \(metaBox.range.count) bytes")
        }
        do {
            let bytes = try source.read(at: metaBox.range.lowerBound, count: metaBox.range.count)
            let start = metaBox.payload.lowerBound - metaBox.range.lowerBound
            meta = try HEIFMeta(bytes, payload: start..<bytes.count)
        } catch {
            throw .malformed(error.reason)
        }
        grid = try TileGrid(meta: meta, source: source)
    }

    /// Opens the file at `path`; throws `malformed` when it cannot be read.
    package convenience init(path: String) throws(TileDecline) {
        guard let file = FileBytes(path: path) else { throw .malformed("cannot open the file") }
        try self.init(source: file)
    }

    /// A small HEIF file whose primary image is `span` of the grid, its tiles' data read from the file.
    package func subgrid(_ span: TileSpan) throws(TileDecline) -> [UInt8] {
        var data: [UInt32: [UInt8]] = [:]
        for tile in grid.tiles(of: span) where data[tile] == nil {
            do { data[tile] = try meta.data(of: tile, from: source) } catch { throw .malformed(error.reason) }
        }
        return try SubgridFile.make(meta: meta, grid: grid, span: span, tileData: data)
    }
}
