import LightboxGeometry

/// A HEIF file's primary image when it is a grid of equal HEVC tiles, as phones store photos:
/// the tiles in order, their size, the transforms applied after composing them, and the sizes
/// before (coded) and after (displayed) those transforms. Anything else is a `TileDecline`.
package struct TileGrid: Sendable {
    /// The grid item's id.
    package let gridID: UInt32
    /// The descriptor.
    package let grid: ImageGrid
    /// The tile item ids, row by row.
    package let tileIDs: [UInt32]
    /// Every tile's width and height.
    package let tileSize: (width: Int, height: Int)
    /// The transforms, in the order libheif applies them.
    package let transforms: [ImageTransform]

    /// Analyses `meta`'s primary item; `source` holds the file (for the grid descriptor and the
    /// check that every tile lies inside it).
    package init(meta: HEIFMeta, source: any ByteSource) throws(TileDecline) {
        gridID = meta.primary
        guard let primary = meta.items[gridID] else { throw .malformed("no primary item") }
        guard primary.type == "grid" else { throw .notGrid }
        do {
            grid = try ImageGrid(try meta.data(of: gridID, from: source))
            tileIDs = meta.referenced(from: gridID, type: "dimg")
            guard tileIDs.count == grid.rows * grid.columns, !tileIDs.isEmpty else {
                throw TileDecline.malformed("\(tileIDs.count) tiles for a \(grid.columns)x\(grid.rows) grid")
            }
            try TileGrid.checkTiles(tileIDs, meta: meta)
            tileSize = try TileGrid.uniformSize(tileIDs, meta: meta)
            transforms = try TileGrid.transforms(
                of: meta.properties(of: gridID), coded: (grid.outputWidth, grid.outputHeight))
        } catch let error as TileDecline {
            throw error
        } catch let error as HEIFFormatError {
            throw .malformed(error.reason)
        } catch {
            throw .malformed("\(error)")
        }
        try TileGrid.checkAlpha(meta: meta, images: [gridID] + tileIDs)
        let (columns, rows) = (grid.columns, grid.rows)
        guard (columns - 1) * tileSize.width < grid.outputWidth, grid.outputWidth <= columns * tileSize.width,
            (rows - 1) * tileSize.height < grid.outputHeight, grid.outputHeight <= rows * tileSize.height
        else { throw .irregularGrid }
        try TileGrid.checkInside(tileIDs + [gridID], meta: meta, size: source.size)
    }

    /// The size of the composed image, before the transforms.
    package var codedSize: (width: Int, height: Int) { (grid.outputWidth, grid.outputHeight) }

    /// The size after the transforms: the image libvips shows.
    package var displayedSize: (width: Int, height: Int) {
        transforms.reduce(codedSize) { $1.outputSize($0) }
    }

    /// How many tiles the grid holds.
    package var tileCount: Int { tileIDs.count }

    /// The coded pixels under `rect` of the displayed image (which must lie inside it).
    package func codedRect(of rect: PixelRect) -> PixelRect {
        var sizes = [codedSize]
        for transform in transforms { sizes.append(transform.outputSize(sizes.last!)) }
        var rect = rect
        for (transform, size) in zip(transforms, sizes).reversed() { rect = transform.inputRect(of: rect, size: size) }
        return rect
    }

    /// The tiles that cover `coded` (clipped to the image; nil when nothing is left).
    package func span(covering coded: PixelRect) -> TileSpan? {
        let left = max(0, coded.left), top = max(0, coded.top)
        let right = min(grid.outputWidth, coded.right), bottom = min(grid.outputHeight, coded.bottom)
        guard right > left, bottom > top else { return nil }
        let columns = left / tileSize.width...(right - 1) / tileSize.width
        let rows = top / tileSize.height...(bottom - 1) / tileSize.height
        let x = columns.lowerBound * tileSize.width, y = rows.lowerBound * tileSize.height
        let area = PixelRect(
            left: x, top: y, width: min(grid.outputWidth, (columns.upperBound + 1) * tileSize.width) - x,
            height: min(grid.outputHeight, (rows.upperBound + 1) * tileSize.height) - y)
        return TileSpan(rows: rows, columns: columns, area: area)
    }

    /// The tile ids of `span`, row by row.
    package func tiles(of span: TileSpan) -> [UInt32] {
        span.rows.flatMap { row in span.columns.map { tileIDs[row * grid.columns + $0] } }
    }
}
