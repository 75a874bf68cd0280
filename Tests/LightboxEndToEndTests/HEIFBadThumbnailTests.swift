import Foundation
import Testing
import Vips

/// A HEIF file whose embedded thumbnail libvips opens but cannot decode (`bad image dimensions on
/// decode`, as a Samsung Galaxy S24 FE's) is drawn from its main image wherever the thumbnail
/// would serve: `view`, `crop --resize`, a board card, a board background and `--preview` give
/// the pixels of the same file without a thumbnail (grid-plain.heic, the same main image, with
/// LIGHTBOX_NO_HEIF_THUMBNAIL=1).
@Suite(.processes) struct HEIFBadThumbnailTests {
    /// One command, run on each file in turn (`IN`), writing `OUT`; `shown` is the file to compare
    /// (`OUT`, or `PREVIEW` for `--preview`); `thumbnail` is whether grid-plain.heic's thumbnail
    /// serves it.
    struct Command: Sendable, CustomStringConvertible {
        let arguments: [String]
        var shown = "OUT"
        let thumbnail: Bool

        var description: String { arguments.joined(separator: " ") }
    }

    static let photo = CommandRunner.fixtures.appendingPathComponent("photo.jpg").path

    @Test(arguments: [
        Command(arguments: ["view", "IN", "--screen", "100x100"], thumbnail: true),
        Command(arguments: ["view", "IN", "--screen", "60x60", "--zoom", "1.5"], thumbnail: true),
        Command(arguments: ["crop", "IN", "--rect", "0,0,1,1", "--resize", "50"], thumbnail: true),
        Command(arguments: ["crop", "IN", "--rect", "0.2,0.1,0.5,0.6", "--resize", "40"], thumbnail: true),
        Command(
            arguments: ["board", "IN", "--size", "300x300", "--card-width", "80", "--captions", "A"], thumbnail: true),
        Command(
            arguments: ["board", photo, "--background", "IN", "--size", "100x60", "--card-width", "20"], thumbnail: true
        ),
        Command(
            arguments: ["crop", "IN", "--rect", "0.1,0.1,0.5,0.5", "--preview", "PREVIEW"], shown: "PREVIEW",
            thumbnail: false),
    ])
    func aThumbnailThatDoesNotDecodeIsLeftForTheMainImage(command: Command) throws {
        let scratch = try Scratch()
        let runs = [
            ("bad", "grid-bad-thumbnail.heic", [String: String]()), ("plain", "grid-plain.heic", [:]),
            ("ignored", "grid-plain.heic", ["LIGHTBOX_NO_HEIF_THUMBNAIL": "1"]),
        ]
        var shown: [String: VImage] = [:]
        for (run, name, environment) in runs {
            let arguments = command.arguments.map {
                $0 == "IN" ? HEIFCropTests.path(name) : $0 == "PREVIEW" ? scratch.path("\(run)-preview.png") : $0
            }
            let result = try CommandRunner.run(
                arguments + ["-o", scratch.path("\(run).png")], environment: environment)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(run) \(command): \(result.stderr)")
            shown[run] = try VImage.load(scratch.path(command.shown == "OUT" ? "\(run).png" : "\(run)-preview.png"))
        }
        let (bad, plain, ignored) = try (#require(shown["bad"]), #require(shown["plain"]), #require(shown["ignored"]))
        #expect(bad.width == ignored.width && bad.height == ignored.height)
        #expect(try ImageDifference.maximum(bad, ignored) == 0, "\(command)")
        // Where grid-plain.heic's own thumbnail serves, it is taken (and differs a little from the main image's).
        #expect((try ImageDifference.maximum(plain, ignored) > 0) == command.thumbnail, "\(command)")
    }

    @Test func aViewOfTheMainImageIsTheTilePathsOrLibvipsBoxShrink() throws {
        // With its thumbnail out of the way the snapshot is a box shrink, which the tile path
        // serves when the photo is only partly shown, as for any grid.
        let scratch = try Scratch()
        let input = HEIFCropTests.path("grid-bad-thumbnail.heic")
        let (tiles, whole, decoders) = try RegionViewTests.both(
            input, ["--screen", "60x60", "--zoom", "2", "--offset", "10,5"], in: scratch)
        #expect(decoders == ["heif-tiles", "libvips"])
        #expect(try ImageDifference.maximum(tiles, whole) == 0)
    }
}
