import LightboxGeometry
import Testing

@testable import LightboxHEIF

/// What the box reader makes of each fixture: the grid, its tiles and transforms, or why the
/// tile path leaves it to libvips; and which tiles a rect needs.
@Suite struct TileGridTests {
    /// A grid the tile path serves: its layout and what it shows.
    struct Expected: Sendable, CustomStringConvertible {
        let name: String
        let columns: Int, rows: Int, tile: Int
        let coded: [Int], displayed: [Int]
        let transforms: [ImageTransform]
        var description: String { name }
    }

    static let served: [Expected] = [
        Expected(
            name: "IMG_2927.HEIC", columns: 6, rows: 8, tile: 512, coded: [3024, 4032], displayed: [3024, 4032],
            transforms: []),
        Expected(
            name: "phone-part.heic", columns: 3, rows: 2, tile: 512, coded: [1400, 1000], displayed: [1000, 1400],
            transforms: [.rotation(quarterTurns: 3)]),
        Expected(
            name: "phone-wide.heic", columns: 5, rows: 1, tile: 512, coded: [2500, 500], displayed: [2500, 500],
            transforms: []),
        Expected(
            name: "grid-wide.heic", columns: 8, rows: 2, tile: 64, coded: [500, 120], displayed: [500, 120],
            transforms: []),
        Expected(
            name: "grid-plain.heic", columns: 4, rows: 3, tile: 64, coded: [250, 180], displayed: [250, 180],
            transforms: []),
        // The same grid, whose thumbnail (not read here) libvips cannot decode.
        Expected(
            name: "grid-bad-thumbnail.heic", columns: 4, rows: 3, tile: 64, coded: [250, 180],
            displayed: [250, 180], transforms: []),
        Expected(
            name: "grid-irot1-imir.heic", columns: 4, rows: 3, tile: 64, coded: [250, 180], displayed: [180, 250],
            transforms: [.rotation(quarterTurns: 1), .mirror(columns: true)]),
        Expected(
            name: "grid-irot2-mirror.heic", columns: 4, rows: 3, tile: 64, coded: [250, 180], displayed: [250, 180],
            transforms: [.rotation(quarterTurns: 2), .mirror(columns: false)]),
        // clap 199x141, its centre 7/2 left of and 9/2 below 250x180's: left 249/2 - 7/2 - 198/2 = 22, top 179/2 + 9/2 - 140/2 = 24.
        Expected(
            name: "grid-clap-irot3.heic", columns: 4, rows: 3, tile: 64, coded: [250, 180], displayed: [141, 199],
            transforms: [.crop(PixelRect(left: 22, top: 24, width: 199, height: 141)), .rotation(quarterTurns: 3)]),
        // After the turn the image is 180x250: left 179/2 + 5 - 60 = 34.5 rounds down, top 249/2 - 3 - 86 = 35.5 rounds to 36.
        Expected(
            name: "grid-irot1-clap.heic", columns: 4, rows: 3, tile: 64, coded: [250, 180], displayed: [121, 173],
            transforms: [.rotation(quarterTurns: 1), .crop(PixelRect(left: 34, top: 36, width: 121, height: 173))]),
        Expected(
            name: "grid-depth.heic", columns: 4, rows: 3, tile: 64, coded: [250, 180], displayed: [250, 180],
            transforms: []),
    ]

    @Test(arguments: served)
    func aServedGridIsReadAsItIs(expected: Expected) throws {
        let file = try HEIFFixtures.open(expected.name).get()
        let grid = file.grid
        #expect(grid.grid.columns == expected.columns && grid.grid.rows == expected.rows)
        #expect(grid.tileSize.width == expected.tile && grid.tileSize.height == expected.tile)
        #expect([grid.codedSize.width, grid.codedSize.height] == expected.coded)
        #expect([grid.displayedSize.width, grid.displayedSize.height] == expected.displayed)
        #expect(grid.transforms == expected.transforms)
        #expect(grid.tileCount == expected.columns * expected.rows)
    }

    @Test(arguments: [
        ("grid-alpha.heic", TileDecline.alpha), ("grid-av1.avif", .av1Tiles), ("grid-444.heic", .rangeExtensions),
        ("grid-10bit.heic", .deepSamples), ("grid-uneven.heic", .irregularGrid),
        ("grid-clap-overflow.heic", .transform),
        ("../thumbnailed.heic", .notGrid),
    ])
    func aGridTheTilePathCannotServeSaysWhy(name: String, reason: TileDecline) {
        #expect(throws: reason) { try HEIFFixtures.open(name).get() }
    }

    // The crop: 0.1 x 0.1 in the middle of a 12-megapixel iPhone photo needs 4 of its 48 tiles.
    @Test(arguments: [
        (PixelRect(left: 1361, top: 1814, width: 302, height: 404), 3...4, 2...3, 4),
        (PixelRect(left: 0, top: 0, width: 1, height: 1), 0...0, 0...0, 1),
        (PixelRect(left: 3023, top: 4031, width: 1, height: 1), 7...7, 5...5, 1),
        (PixelRect(left: 511, top: 511, width: 2, height: 2), 0...1, 0...1, 4),
        (PixelRect(left: 0, top: 0, width: 3024, height: 4032), 0...7, 0...5, 48),
    ])
    func aRectNeedsOnlyItsTiles(rect: PixelRect, rows: ClosedRange<Int>, columns: ClosedRange<Int>, count: Int) throws {
        let grid = try HEIFFixtures.open("IMG_2927.HEIC").get().grid
        let span = try #require(grid.span(covering: grid.codedRect(of: rect)))
        #expect(span.rows == rows && span.columns == columns && span.tileCount == count)
        #expect(span.area.left == columns.lowerBound * 512 && span.area.top == rows.lowerBound * 512)
        #expect(span.area.right == min(3024, (columns.upperBound + 1) * 512))
        #expect(span.area.bottom == min(4032, (rows.upperBound + 1) * 512))
    }

    @Test func aTurnedGridMapsTheRectToItsStoredTiles() throws {
        // phone-part is stored 1400x1000 and turned three quarters anticlockwise (shown 1000x1400):
        // the shown top-left corner is the stored bottom-left one.
        let grid = try HEIFFixtures.open("phone-part.heic").get().grid
        let corner = grid.codedRect(of: PixelRect(left: 0, top: 0, width: 10, height: 20))
        #expect(corner == PixelRect(left: 0, top: 990, width: 20, height: 10))
        let span = try #require(grid.span(covering: corner))
        #expect(span.rows == 1...1 && span.columns == 0...0)
    }
}
