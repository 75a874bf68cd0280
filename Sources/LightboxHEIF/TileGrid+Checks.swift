extension TileGrid {
    /// Alpha auxiliary types libheif 1.15 composes into their image.
    static let alphaTypes: Set<String> = [
        "urn:mpeg:avc:2015:auxid:1", "urn:mpeg:hevc:2015:auxid:1", "urn:mpeg:mpegB:cicp:systems:auxiliary:alpha",
    ]

    /// Throws unless every tile is an 8-bit 4:2:0 Main-profile HEVC image without transforms.
    static func checkTiles(_ tiles: [UInt32], meta: HEIFMeta) throws {
        for id in Set(tiles) {
            guard let item = meta.items[id] else { throw TileDecline.malformed("tile \(id) is not an item") }
            if item.type == "av01" { throw TileDecline.av1Tiles }
            guard item.type == "hvc1" else { throw TileDecline.irregularGrid }
            let properties = try meta.properties(of: id)
            guard let configuration = properties.first(where: { $0.type == "hvcC" }) else {
                throw TileDecline.malformed("tile \(id) has no hvcC")
            }
            let hevc = try configuration.hevcConfiguration()
            guard hevc.isEightBit else { throw TileDecline.deepSamples }
            guard hevc.isMain420 else { throw TileDecline.rangeExtensions }
            if properties.contains(where: { ["irot", "imir", "clap"].contains($0.type) }) {
                throw TileDecline.irregularGrid
            }
        }
    }

    /// The one size every tile has (`ispe`); throws when they differ or one has none.
    static func uniformSize(_ tiles: [UInt32], meta: HEIFMeta) throws -> (width: Int, height: Int) {
        var sizes = Set<[Int]>()
        for id in Set(tiles) {
            guard let extent = try meta.properties(of: id).first(where: { $0.type == "ispe" }) else {
                throw TileDecline.malformed("tile \(id) has no ispe")
            }
            let size = try extent.spatialExtent()
            sizes.insert([size.width, size.height])
        }
        guard sizes.count == 1, let size = sizes.first, size[0] > 0, size[1] > 0 else {
            throw TileDecline.irregularGrid
        }
        return (size[0], size[1])
    }

    /// The grid's `irot`, `imir` and `clap`, in association order, for a composed image of
    /// `coded` size; a clean aperture is resolved against the size it applies to, as libheif does.
    static func transforms(of properties: [ItemProperty], coded: (width: Int, height: Int)) throws -> [ImageTransform] {
        var transforms: [ImageTransform] = []
        for property in properties {
            let transform: ImageTransform
            switch property.type {
            case "irot": transform = .rotation(quarterTurns: try property.quarterTurns())
            case "imir": transform = .mirror(columns: try property.mirrorsColumns())
            case "clap":
                let before = transforms.reduce(coded) { $1.outputSize($0) }
                do {
                    transform = .crop(try property.cleanAperture().crop(width: before.width, height: before.height))
                } catch {
                    throw TileDecline.transform
                }
            default: continue
            }
            if transform != .rotation(quarterTurns: 0) { transforms.append(transform) }
        }
        return transforms
    }

    /// Throws `alpha` when an alpha image refers to one of `images` (the grid or a tile).
    static func checkAlpha(meta: HEIFMeta, images: [UInt32]) throws(TileDecline) {
        let targets = Set(images)
        for reference in meta.references
        where reference.type == "auxl" && reference.to.contains(where: targets.contains) {
            let types = (try? meta.properties(of: reference.from))?.filter { $0.type == "auxC" }
            if types?.contains(where: { (try? $0.auxiliaryType()).map(alphaTypes.contains) ?? false }) ?? true {
                throw .alpha
            }
        }
    }

    /// Throws `truncated` when some byte of `items` lies past `size` (what libvips' full decode
    /// would fail on), `irregularGrid` when one lies in another file or item.
    static func checkInside(_ items: [UInt32], meta: HEIFMeta, size: Int) throws(TileDecline) {
        for id in items {
            guard let location = meta.locations[id] else { throw .malformed("iloc: no location for item \(id)") }
            guard location.dataReference == 0, location.constructionMethod <= 1 else { throw .irregularGrid }
            let limit = UInt64(location.constructionMethod == 0 ? size : meta.idat.count)
            for extent in location.extents {
                guard extent.length > 0 else { throw .irregularGrid }
                let (end, overflow) = extent.offset.addingReportingOverflow(extent.length)
                guard !overflow, end <= limit else { throw .truncated }
            }
        }
    }
}
