import Foundation
import Testing
import Vips

/// `crop` of a HEIF grid decodes only the tiles under each rect ("decoder": "heif-tiles") and
/// writes libvips' own pixels, for a real iPhone photo and every turn, mirror and clean aperture;
/// every kind the tile path leaves to libvips goes there (decoded or refused) as before.
@Suite(.processes) struct HEIFCropTests {
    /// The path of `name` under Fixtures/heif.
    static func path(_ name: String) -> String {
        CommandRunner.fixtures.appendingPathComponent("heif/\(name)").path
    }

    @Test func aPhonePhotosCropsMatchLibvipsRectByRect() throws {
        // The issue's crop (0.1 x 0.1 of the middle), random ones, and the four corners.
        let rects =
            ["0.45,0.45,0.1,0.1"] + RegionCropTests.rects(count: 2, seed: 25)
            + ["0,0,0.01,0.01", "0.99,0,0.01,0.01", "0,0.99,0.01,0.01", "0.99,0.99,0.01,0.01"]
        for rect in rects {
            #expect(try RegionCropTests.cropMatchesLibvips(Self.path("IMG_2927.HEIC"), rects: [rect]) == ["heif-tiles"])
        }
        // Several at once: the tiles they share are decoded once.
        let several = try RegionCropTests.cropMatchesLibvips(
            Self.path("IMG_2927.HEIC"), rects: ["0.4,0.4,0.1,0.1", "0.45,0.42,0.1,0.1", "0.42,0.47,0.05,0.05"])
        #expect(several == ["heif-tiles", "heif-tiles", "heif-tiles"])
    }

    @Test(arguments: [
        "phone-part.heic", "grid-plain.heic", "grid-irot1-imir.heic", "grid-irot2-mirror.heic", "grid-clap-irot3.heic",
        "grid-irot1-clap.heic", "grid-depth.heic", "grid-wide.heic", "phone-wide.heic", "grid-bad-thumbnail.heic",
    ])
    func everyTransformMatchesLibvips(name: String) throws {
        // At most 0.3 of each side: a column or row of every fixture's grid is left out.
        let rects = RegionCropTests.rects(count: 3, seed: UInt64(name.utf8.count), longest: 0.3)
        for rect in rects {
            #expect(try RegionCropTests.cropMatchesLibvips(Self.path(name), rects: [rect]) == ["heif-tiles"], "\(rect)")
        }
        // A rect that needs every tile is decoded by libvips, which decodes them all anyway.
        #expect(try RegionCropTests.cropMatchesLibvips(Self.path(name), rects: ["0,0,1,1"]) == ["libvips"])
    }

    /// An oriented box cut upright (and a mask) reads only the tiles under its bounds, with libvips' pixels.
    @Test(arguments: [["--oriented", "upright"], ["--mask"]])
    func aShapedCutReadsOnlyItsTiles(cut: [String]) throws {
        let scratch = try Scratch()
        let arguments =
            ["crop", Self.path("IMG_2927.HEIC"), "--rect", "0.45,0.45,0.05,0.05", "--angle", "23", "--json"] + cut
        let tiles = try CommandRunner.run(arguments + ["-o", scratch.path("t.png")])
        let libvips = try CommandRunner.run(
            arguments + ["-o", scratch.path("l.png")], environment: ["LIGHTBOX_NO_REGION": "1"])
        #expect(tiles.stdout.contains(#""decoder":"heif-tiles""#), "\(tiles.stdout) \(tiles.stderr)")
        #expect(libvips.stdout.contains(#""decoder":"libvips""#), "\(libvips.stdout)")
        let difference = try ImageDifference.maximum(
            VImage.load(scratch.path("t.png")), VImage.load(scratch.path("l.png")))
        #expect(difference == 0)
    }

    @Test(arguments: [
        "grid-alpha.heic", "grid-av1.avif", "grid-444.heic", "grid-10bit.heic", "grid-uneven.heic",
        "../thumbnailed.heic",
    ])
    func whatTheTilePathDeclinesIsLibvipsAsBefore(name: String) throws {
        let decoders = try RegionCropTests.cropMatchesLibvips(
            Self.path(name), rects: ["0.1,0.2,0.3,0.3", "0.6,0.1,0.3,0.8"])
        #expect(decoders == ["libvips", "libvips"])
    }

    /// The reason a HEIF input left to libvips is in `--json` (`fallback`), for crops and snapshots alike.
    @Test(arguments: [
        ("grid-alpha.heic", "alpha"), ("grid-av1.avif", "av1-tiles"), ("grid-444.heic", "range-extensions"),
        ("grid-10bit.heic", "deep-samples"), ("grid-uneven.heic", "irregular-grid"), ("grid-plain.heic", "every-tile"),
    ])
    func theFallbackReasonIsInTheRecord(name: String, reason: String) throws {
        let scratch = try Scratch()
        let rect = reason == "every-tile" ? "0,0,1,1" : "0.1,0.1,0.2,0.2"
        let crop = try CommandRunner.run(
            ["crop", Self.path(name), "--rect", rect, "-o", scratch.path("c.png"), "--json"])
        let record = try JSONSerialization.jsonObject(with: Data(crop.stdout.utf8)) as? [String: Any]
        #expect(
            record?["decoder"] as? String == "libvips" && record?["fallback"] as? String == reason, "\(crop.stdout)")
        guard reason != "every-tile" else { return }
        let view = try CommandRunner.run(
            ["view", Self.path(name), "--screen", "60x40", "--zoom", "3", "-o", scratch.path("v.png"), "--json"])
        let snapshot = try JSONSerialization.jsonObject(with: Data(view.stdout.utf8)) as? [String: Any]
        #expect(snapshot?["fallback"] as? String == reason, "\(view.stdout)")
        let tiles = try CommandRunner.run(
            ["crop", Self.path("grid-plain.heic"), "--rect", rect, "-o", scratch.path("t.png"), "--json"])
        #expect(!tiles.stdout.contains("fallback") && tiles.stdout.contains("heif-tiles"))
    }

    /// Runs `crop` of `input` with and without the tile path (LIGHTBOX_NO_REGION=1).
    static func bothWays(_ input: String, in scratch: Scratch) throws -> [CommandRunner.Result] {
        try [[:], ["LIGHTBOX_NO_REGION": "1"]].map { environment in
            try CommandRunner.run(
                ["crop", input, "--rect", "0.1,0.1,0.2,0.2", "-o", scratch.path("c.png"), "--force", "--json"],
                environment: environment)
        }
    }

    @Test(arguments: ["grid-size-mismatch.heic", "grid-clap-overflow.heic"])
    func aGridLibvipsCannotDecodeFailsAsBefore(name: String) throws {
        let scratch = try Scratch()
        let (tiles, libvips) = try { (results: [CommandRunner.Result]) in (results[0], results[1]) }(
            Self.bothWays(Self.path(name), in: scratch))
        #expect(tiles.status == 1 && libvips.status == 1)
        #expect(tiles.stderr == libvips.stderr && tiles.stderr.hasPrefix("error: \(Self.path(name)): "))
        #expect(try RegionCropTests.lines(tiles).map(\.decoder) == [nil])
    }

    @Test func aTruncatedPhoneFileFailsAsBefore() throws {
        let scratch = try Scratch()
        let whole = try Data(contentsOf: URL(fileURLWithPath: Self.path("IMG_2927.HEIC")))
        // Cut at two thirds: the metadata and the top tiles are there, the tiles below are not.
        let input = scratch.path("truncated.heic")
        try whole.prefix(whole.count * 2 / 3).write(to: URL(fileURLWithPath: input))
        let (tiles, libvips) = try { (results: [CommandRunner.Result]) in (results[0], results[1]) }(
            Self.bothWays(input, in: scratch))
        #expect(tiles.status == 1 && libvips.status == 1, "\(tiles.stderr)")
        #expect(tiles.stderr == libvips.stderr)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("c.png")))
    }
}
