import Foundation
import Testing
import Vips

@testable import LightboxRender

/// A board card's square from a JPEG is decoded alone by the region decoder (its centre square
/// at `thumbnail`'s DCT scale) and is the very square libvips' `thumbnail` made before; every kind
/// the region decoder leaves to libvips still goes there, and a truncated photo fails as before.
@Suite struct CardPhotoRegionTests {
    /// The repository's Fixtures folder.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The square as libvips' `thumbnail` makes it: the path taken before the region decoder.
    static func thumbnailSquare(_ path: String, side: Int) throws -> VImage {
        try CardPhoto.opaqueSRGB(DisplayColour.thumbnail(path, width: side, height: side, crop: "centre", failOn: nil))
    }

    /// A temporary path ending in `ext`.
    static func temporary(_ ext: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("card-\(UUID().uuidString).\(ext)").path
    }

    /// The mean and largest difference of any band value between two images of one size.
    static func difference(_ first: VImage, _ second: VImage) throws -> (mean: Double, max: Double) {
        let difference = try VOperation.call("subtract", [("left", .image(first)), ("right", .image(second))]).image()
        let absolute = try VOperation.call("abs", [("in", .image(difference))]).image()
        return (try absolute.average(), try VOperation.call("max", [("in", .image(absolute))]).double("out"))
    }

    // Sides 60, 100, 250 and 700 of a 1800x1200 photo load it shrunk 8, 4, 2 and 1 times.
    @Test(arguments: ["Landscape_1.jpg", "Landscape_2.jpg", "Portrait_1.jpg"], [60, 100, 250, 700])
    func theRegionSquareMatchesTheThumbnail(name: String, side: Int) throws {
        let path = Self.fixtures.appendingPathComponent("exif-orientation/\(name)").path
        let file = try InputFile(path)
        let region = try #require(CardPhoto.regionSquare(file, side: side))
        let thumbnail = try Self.thumbnailSquare(path, side: side)
        #expect(region.width == side && region.height == side && region.bands == 3)
        #expect(thumbnail.width == side && thumbnail.height == side)
        let (mean, largest) = try Self.difference(region, thumbnail)
        #expect(largest == 0, "\(name) at \(side): differs by \(largest) at most, \(mean) on average")
        #expect(try CardPhoto.square(path, side: side).width == side)
    }

    @Test(arguments: [60, 250])
    func theDCTScaleIsThumbnails(side: Int) {
        #expect(CardPhoto.loadShrink(1200.0 / Double(side)) == (side == 60 ? 8 : 2))
        #expect(CardPhoto.loadShrink(3.9) == 1 && CardPhoto.loadShrink(4) == 2 && CardPhoto.loadShrink(8) == 4)
    }

    @Test func everyKindTheRegionDecoderCannotServeGoesToLibvips() throws {
        let landscape = Self.fixtures.appendingPathComponent("exif-orientation/Landscape_1.jpg").path
        let progressive = Self.temporary("jpg"), png = Self.temporary("png")
        defer { for path in [progressive, png] { try? FileManager.default.removeItem(atPath: path) } }
        try VImage.load(landscape).save(to: progressive, saver: "jpegsave", options: [("interlace", .bool(true))])
        try VImage.load(landscape).save(to: png, saver: Vips.saver(for: png))
        let declined = [
            progressive, png, Self.fixtures.appendingPathComponent("jpeg-kinds/arithmetic.jpg").path,
            Self.fixtures.appendingPathComponent("cmyk.jpg").path,
            Self.fixtures.appendingPathComponent("exif-orientation/Landscape_6.jpg").path,
        ]
        for path in declined {
            #expect(CardPhoto.regionSquare(try InputFile(path), side: 50) == nil, "\(path)")
            #expect(try CardPhoto.square(path, side: 50).width == 50, "\(path)")
        }
    }

    @Test func aTruncatedPhotoFailsAsBefore() throws {
        let whole = try Data(contentsOf: Self.fixtures.appendingPathComponent("exif-orientation/Portrait_1.jpg"))
        let (below, inside) = (Self.temporary("jpg"), Self.temporary("jpg"))
        defer { for path in [below, inside] { try? FileManager.default.removeItem(atPath: path) } }
        // Cut near the end: the centre square's rows are all there, the bottom rows are not, so the
        // region decoder would serve the square; the file does not end whole, so libvips decides.
        try whole.prefix(whole.count * 9 / 10).write(to: URL(fileURLWithPath: below))
        #expect(CardPhoto.regionSquare(try InputFile(below), side: 50) == nil)
        // Cut in the middle, inside the rows the square needs: libvips' error, as before.
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: inside))
        #expect(CardPhoto.regionSquare(try InputFile(inside), side: 50) == nil)
        // libvips' error buffer is process-wide: a suite running at the same time may clear it or add
        // to it between the failure and its reading, so the reason is looked for in up to three tries.
        // Any other message joined to libjpeg's words goes inside the parentheses too.
        let truncated = "truncated JPEG: the data ends before the last row (libjpeg: Premature end of input file"
        var reasons: [String] = []
        for _ in 0..<3 where !(reasons.last ?? "").contains(truncated) {
            let error = #expect(throws: RenderError.self) { try CardPhoto.square(inside, side: 50) }
            reasons.append(error?.reason ?? "")
        }
        #expect(reasons.last?.contains(truncated) == true, "\(reasons)")
    }
}
