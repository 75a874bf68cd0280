import Foundation
import Testing
import Vips

/// `lightbox board` photos: EXIF orientation applied, transparency on white, other colour spaces made sRGB.
@Suite(.processes) struct BoardPhotoTests {
    /// Draws one photo on a 300x300 board at scale 2 and returns the image.
    static func board(_ photo: String, in scratch: Scratch) throws -> VImage {
        let output = scratch.path("\(UUID().uuidString).png")
        let result = try CommandRunner.run([
            "board", photo, "--captions", "x", "--size", "300x300", "--scale", "2", "-o", output,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        return try VImage.load(output)
    }

    /// Each stored orientation of the same landscape photo draws the board that orientation 1 draws.
    @Test(arguments: 2...8)
    func exifOrientationIsApplied(orientation: Int) throws {
        let scratch = try Scratch()
        let folder = CommandRunner.orientationPhotos
        let upright = try Self.board(folder.appendingPathComponent("Landscape_1.jpg").path, in: scratch)
        let stored = try Self.board(folder.appendingPathComponent("Landscape_\(orientation).jpg").path, in: scratch)
        let other = try Self.board(folder.appendingPathComponent("Portrait_1.jpg").path, in: scratch)
        // Only JPEG noise separates the orientations; another picture is far off (the measure can fail).
        #expect(try ImageDifference.mean(upright, stored) < 1)
        #expect(try ImageDifference.mean(upright, other) > 5)
    }

    /// A transparent part of a photo shows the white card; the opaque part shows the photo.
    @Test func transparencyIsFlattenedOntoWhite() throws {
        let scratch = try Scratch()
        let image = try Self.board(CommandRunner.fixtures.appendingPathComponent("alpha.png").path, in: scratch)
        let printed = try CommandRunner.run([
            "board", CommandRunner.fixtures.appendingPathComponent("alpha.png").path,
            "--size", "300x300", "-o", scratch.path("x.png"), "--dry-run",
        ])
        let card = try #require(try BoardFixture.cards(BoardFixture.object(printed)).first)
        let clear = try BoardFixture.pixel(image, card: card, local: (-55, -20), scale: 2)
        let opaque = try BoardFixture.pixel(image, card: card, local: (45, -20), scale: 2)
        #expect(BoardFixture.distance(clear, [255, 255, 255]) <= 2, "\(clear)")
        #expect(BoardFixture.distance(opaque, [255, 255, 255]) > 40, "\(opaque)")
    }

    /// CMYK, 16-bit and ICC-tagged inputs all become an 8-bit sRGB board with the photo on the card.
    @Test(arguments: ["cmyk.jpg", "deep16.png", "icc.jpg"])
    func otherColourSpacesBecomeSRGB(name: String) throws {
        let scratch = try Scratch()
        let image = try Self.board(CommandRunner.fixtures.appendingPathComponent(name).path, in: scratch)
        #expect(image.bands == 3 && image.format == "uchar" && image.interpretation == "srgb")
        let printed = try CommandRunner.run(
            ["board", "a.jpg", "--size", "300x300", "-o", "x.png", "--dry-run"], in: scratch.url)
        let card = try #require(try BoardFixture.cards(BoardFixture.object(printed)).first)
        let centre = try BoardFixture.pixel(image, card: card, local: (0, -15), scale: 2)
        #expect(BoardFixture.distance(centre, [255, 255, 255]) > 20, "\(centre)")
    }
}
