import LightboxGeometry
import Testing

@testable import LightboxHEIF

/// The small file of some tiles reads back as a grid of just those tiles, with their own bytes
/// and properties and none of the original grid's transforms.
@Suite struct SubgridFileTests {
    @Test(arguments: ["IMG_2927.HEIC", "phone-part.heic", "grid-irot1-imir.heic", "grid-depth.heic"])
    func theSubgridReadsBackAsTheTilesAlone(name: String) throws {
        let file = try HEIFFixtures.open(name).get()
        let grid = file.grid
        let (width, height) = grid.displayedSize
        let rect = PixelRect(left: width / 3, top: height / 2, width: width / 3, height: height / 2)
        let span = try #require(grid.span(covering: grid.codedRect(of: rect)))
        let bytes = try file.subgrid(span)
        let small = try TiledHEIF(source: MemoryBytes(bytes))
        #expect(small.grid.grid.columns == span.columns.count && small.grid.grid.rows == span.rows.count)
        #expect(small.grid.codedSize.width == span.area.width && small.grid.codedSize.height == span.area.height)
        #expect(small.grid.transforms.isEmpty)
        #expect(small.grid.tileSize.width == grid.tileSize.width)
        let original = grid.tiles(of: span), copied = small.grid.tileIDs
        #expect(original.count == copied.count)
        for (old, new) in zip(original, copied) {
            #expect(
                try small.meta.data(of: new, from: MemoryBytes(bytes)) == file.meta.data(of: old, from: file.source))
            #expect(try small.meta.properties(of: new) == file.meta.properties(of: old))
        }
        let extent = try #require(try small.meta.properties(of: small.grid.gridID).first { $0.type == "ispe" })
        #expect(try extent.spatialExtent() == (span.area.width, span.area.height))
    }

    @Test func aTileUsedTwiceIsStoredOnce() throws {
        // grid-depth uses its first tile again in place of the sixth.
        let file = try HEIFFixtures.open("grid-depth.heic").get()
        let span = try #require(file.grid.span(covering: PixelRect(left: 0, top: 0, width: 128, height: 128)))
        let small = try TiledHEIF(source: MemoryBytes(try file.subgrid(span)))
        #expect(small.grid.tileIDs.count == 4 && Set(small.grid.tileIDs).count == 3)
        #expect(small.grid.tileIDs[0] == small.grid.tileIDs[3])
    }
}
