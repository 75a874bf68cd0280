import Foundation
import Testing
import Vips

@testable import LightboxRender

/// A board card's square from a HEIF grid comes from the tiles under its centre square alone and
/// is the very square libvips' `thumbnail` made before; a file whose embedded thumbnail
/// `thumbnail` would take, or whose square needs every tile, goes to libvips as before.
@Suite struct CardPhotoTilesTests {
    /// The path of `name` under Fixtures/heif.
    static func path(_ name: String) -> String {
        CardPhotoRegionTests.fixtures.appendingPathComponent("heif/\(name)").path
    }

    // grid-wide is 500x120 in 8 x 2 tiles: the centre square and its margin need the middle four
    // columns; phone-wide's (real phone tiles in one row) needs its middle two or three of five,
    // and at 600 is enlarged.
    @Test(arguments: [
        ("grid-wide.heic", 40), ("grid-wide.heic", 60), ("grid-wide.heic", 120), ("grid-wide.heic", 250),
        ("phone-wide.heic", 100), ("phone-wide.heic", 300), ("phone-wide.heic", 600),
    ])
    func theTileSquareMatchesTheThumbnail(name: String, side: Int) throws {
        let path = Self.path(name)
        let square = try #require(CardPhoto.tileSquare(try InputFile(path), side: side))
        let thumbnail = try CardPhotoRegionTests.thumbnailSquare(path, side: side)
        #expect(square.width == side && square.height == side && square.bands == 3)
        let (mean, largest) = try CardPhotoRegionTests.difference(square, thumbnail)
        #expect(largest == 0, "\(name) at \(side): differs by \(largest) at most, \(mean) on average")
    }

    @Test(arguments: [
        ("grid-wide.heic", 60, 8), ("grid-wide.heic", 250, 8), ("IMG_2927.HEIC", 300, 48), ("IMG_2927.HEIC", 400, 42),
        ("phone-wide.heic", 100, 3), ("phone-wide.heic", 300, 2),
    ])
    func theSquareNeedsTheTilesUnderIt(name: String, side: Int, tiles expected: Int) throws {
        // An iPhone's 3:4 photo: at 300 pixels the square and its margin reach every row of tiles.
        let path = Self.path(name)
        let file = try InputFile(path)
        let tiles = try #require(HEIFTiles.open(path, header: file.header).tiles)
        let size = file.storedSize
        let area = CardPhoto.centreArea(width: size.width, height: size.height, side: side)
        #expect(try #require(tiles.span(of: area)).tileCount == expected)
        // Over 60% of the tiles (the iPhone photo at 400 pixels misses only its bottom row) is libvips' work.
        let served = Double(expected) <= CardPhoto.largestTileShare * Double(tiles.tileCount)
        #expect((CardPhoto.tileSquare(file, side: side) == nil) == !served)
    }

    @Test func theEmbeddedThumbnailAndTheOtherKindsGoToLibvips() throws {
        // grid-plain's thumbnail is 128x96: a card under 96 pixels is shrunk from it by `thumbnail`.
        let plain = try InputFile(Self.path("grid-plain.heic"))
        #expect(CardPhoto.thumbnailServes(plain, side: 95) && CardPhoto.tileSquare(plain, side: 95) == nil)
        #expect(!CardPhoto.thumbnailServes(plain, side: 96))
        #expect(!CardPhoto.thumbnailServes(try InputFile(Self.path("grid-wide.heic")), side: 20))
        for name in ["grid-alpha.heic", "grid-av1.avif", "grid-444.heic", "grid-uneven.heic"] {
            #expect(CardPhoto.tileSquare(try InputFile(Self.path(name)), side: 60) == nil, "\(name)")
            #expect(try CardPhoto.square(Self.path(name), side: 60).width == 60, "\(name)")
        }
        // The same photo whose thumbnail does not decode: its main image's square, as if it had none.
        let bad = try InputFile(Self.path("grid-bad-thumbnail.heic"))
        #expect(!CardPhoto.thumbnailServes(bad, side: 60))
        let main = try CardPhoto.opaqueSRGB(
            VImage.thumbnailOfMainImage(plain.path, width: 60, height: 60, crop: "centre"))
        #expect(try CardPhotoRegionTests.difference(CardPhoto.square(bad.path, side: 60), main).max == 0)
        // 250x180: the square and its margin reach every tile.
        #expect(CardPhoto.tileSquare(try InputFile(Self.path("grid-depth.heic")), side: 150) == nil)
    }
}
