import Foundation
import LightboxGeometry
import LightboxHEIF
import SeededRandom
import Testing
import Vips

@testable import LightboxRender

/// The tile path's pixels are libvips' full decode's, to the bit, for every rect of every grid
/// it serves (random rects, edges and corners), through every turn, mirror and clean aperture;
/// and several crops of one file share their tiles when that decodes fewer.
@Suite struct HEIFTilesTests {
    /// The repository's Fixtures folder.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The path of `name` under Fixtures/heif.
    static func path(_ name: String) -> String { fixtures.appendingPathComponent("heif/\(name)").path }

    /// The largest difference of any band value between two images of one size.
    static func difference(_ first: VImage, _ second: VImage) throws -> Double {
        let difference = try VOperation.call("subtract", [("left", .image(first)), ("right", .image(second))]).image()
        let absolute = try VOperation.call("abs", [("in", .image(difference))]).image()
        return try VOperation.call("max", [("in", .image(absolute))]).double("out")
    }

    /// `count` seeded random rects of a `width` x `height` image, then its four corner pixels,
    /// its edges (one pixel wide or tall) and the whole but one pixel.
    static func rects(width: Int, height: Int, count: Int, seed: UInt64) -> [PixelRect] {
        var random = SeededRandom(seed: seed)
        func next(_ limit: Int) -> Int { Int.random(in: 0..<max(1, limit), using: &random) }
        var rects = (0..<count).map { _ in
            let left = next(width), top = next(height)
            let size = [1, 7, 64, 300, 1000][next(5)]
            return PixelRect(
                left: left, top: top, width: 1 + next(min(size, width - left)),
                height: 1 + next(min(size, height - top)))
        }
        rects += [(0, 0), (width - 1, 0), (0, height - 1), (width - 1, height - 1)].map {
            PixelRect(left: $0.0, top: $0.1, width: 1, height: 1)
        }
        rects += [
            PixelRect(left: 0, top: 0, width: width, height: 1),
            PixelRect(left: 0, top: height - 1, width: width, height: 1),
            PixelRect(left: 0, top: 0, width: 1, height: height),
            PixelRect(left: width - 1, top: 0, width: 1, height: height),
            PixelRect(left: 1, top: 0, width: width - 1, height: height),
        ]
        return rects
    }

    @Test(arguments: [
        ("grid-plain.heic", 40), ("grid-irot1-imir.heic", 40), ("grid-irot2-mirror.heic", 40),
        ("grid-clap-irot3.heic", 40), ("grid-irot1-clap.heic", 40), ("grid-depth.heic", 40), ("grid-wide.heic", 30),
        ("phone-part.heic", 25), ("phone-wide.heic", 15),
        ("IMG_2927.HEIC", 12),
    ])
    func everyRectIsTheFullDecodes(name: String, count: Int) throws {
        let path = Self.path(name)
        let file = try InputFile(path)
        let tiles = try #require(HEIFTiles.open(path, header: file.header).tiles)
        let whole = try VImage.load(path).inMemory()
        for rect in Self.rects(width: whole.width, height: whole.height, count: count, seed: UInt64(name.utf8.count)) {
            let span = try #require(tiles.span(of: rect))
            let piece = try tiles.piece(rect, of: tiles.block(span), span: span)
            let expected = try whole.crop(left: rect.left, top: rect.top, width: rect.width, height: rect.height)
            #expect(piece.width == rect.width && piece.height == rect.height)
            #expect(try Self.difference(piece, expected) == 0, "\(name) \(rect)")
        }
    }

    @Test func thePiecesCarryTheHeader() throws {
        let path = Self.path("IMG_2927.HEIC")
        let file = try InputFile(path)
        let tiles = try #require(HEIFTiles.open(path, header: file.header).tiles)
        let piece = try #require(tiles.pixels(of: PixelRect(left: 1361, top: 1814, width: 302, height: 404)))
        #expect(Set(piece.fieldNames) == Set(file.header.fieldNames))
        for field in ["icc-profile-data", "exif-data"] { #expect(piece.hasField(field), "\(field)") }
        // A rect that needs every tile is left to libvips, which decodes them all anyway.
        #expect(tiles.pixels(of: PixelRect(left: 0, top: 0, width: 3024, height: 4032)) == nil)
    }

    @Test func aHeaderOfAnotherSizeIsASizeMismatch() throws {
        let path = Self.path("grid-size-mismatch.heic")
        let declined = HEIFTiles.open(path, header: try InputFile(path).header)
        #expect(declined.tiles == nil && declined.decline == .sizeMismatch)
    }

    @Test func cropsSharingTilesDecodeThemOnce() throws {
        let path = Self.path("grid-irot1-imir.heic")
        let source = try SourceImage(path: path, crops: 3)
        let rects = [
            PixelRect(left: 10, top: 10, width: 60, height: 60), PixelRect(left: 40, top: 30, width: 50, height: 70),
            PixelRect(left: 20, top: 50, width: 30, height: 30),
        ]
        let crops = try #require(HEIFTileCrops.plan(source: source, rects: rects).crops)
        #expect(crops.union != nil)
        let apart = try #require(
            HEIFTileCrops.plan(
                source: source,
                rects: [
                    PixelRect(left: 0, top: 0, width: 5, height: 5),
                    PixelRect(left: 170, top: 240, width: 10, height: 10),
                ]
            ).crops)
        #expect(apart.union == nil)
        let whole = try VImage.load(path)
        for rect in rects {
            let image = try #require(crops.upright(rect))
            let expected = try whole.crop(left: rect.left, top: rect.top, width: rect.width, height: rect.height)
            #expect(try Self.difference(image, expected) == 0)
        }
    }
}
