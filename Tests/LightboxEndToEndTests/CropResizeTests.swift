import Foundation
import Testing
import Vips

/// `--resize` with each `--fit`, against a full-size crop resampled here, and with datasets.
@Suite(.processes) struct CropResizeTests {
    static let photo = CommandRunner.orientationPhotos.appendingPathComponent("Landscape_1.jpg").path
    static let rect = "0.1,0.2,0.5,0.6"

    /// The full-size crop of `rect` (900x720 of the 1800x1200 photo), lossless.
    static func reference(in scratch: Scratch) throws -> VImage {
        let result = try CommandRunner.run(["crop", photo, "--rect", rect, "-o", scratch.path("full.png")])
        #expect(result.status == 0, "\(result.stderr)")
        return try VImage.load(scratch.path("full.png"))
    }

    /// Crops with `arguments` added into `name` and loads it.
    static func resized(_ arguments: [String], in scratch: Scratch, input: String = photo) throws -> VImage {
        let result = try CommandRunner.run(
            ["crop", input, "--rect", rect, "-o", scratch.path("r.png"), "--force"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return try VImage.load(scratch.path("r.png"))
    }

    @Test func coverMatchesTheFullCropResampledAndCentred() throws {
        let scratch = try Scratch()
        let full = try Self.reference(in: scratch)
        let image = try Self.resized(["--resize", "224"], in: scratch)
        #expect(image.width == 224 && image.height == 224)
        // 900x720 scaled by 224/720 is 280x224; the middle 224 columns stay.
        let expected = try full.resized(224.0 / 720).crop(left: 28, top: 0, width: 224, height: 224)
        #expect(try ImageDifference.mean(image, expected) < 4)
    }

    /// A record's `outputSize` is the size written: the target, whatever the fit.
    @Test(arguments: ["cover", "contain", "fill"])
    func theRecordSaysTheWrittenSize(fit: String) throws {
        let scratch = try Scratch()
        let result = try CommandRunner.run(
            [
                "crop", Self.photo, "--rect", Self.rect, "-o", scratch.path("r.png"), "--resize", "100x300", "--fit",
                fit,
                "--json",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let record = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(record["outputSize"] as? [String: Int] == ["width": 100, "height": 300])
        #expect(record["pixels"] as? [String: Int] == ["left": 180, "top": 240, "width": 900, "height": 720])
        #expect(try VImage.load(scratch.path("r.png")).width == 100)
    }

    @Test func fillStretchesToExactlyTheSize() throws {
        let scratch = try Scratch()
        let full = try Self.reference(in: scratch)
        let image = try Self.resized(["--resize", "100x300", "--fit", "fill"], in: scratch)
        #expect(image.width == 100 && image.height == 300)
        let expected = try full.resized(100.0 / 900, vscale: 300.0 / 720)
        #expect(try ImageDifference.mean(image, expected) < 4)
    }

    @Test func containPadsWithThePadColour() throws {
        let scratch = try Scratch()
        let full = try Self.reference(in: scratch)
        let image = try Self.resized(
            ["--resize", "300x300", "--fit", "contain", "--pad-colour", "#ff8000"], in: scratch)
        #expect(image.width == 300 && image.height == 300)
        // 900x720 scaled by 1/3 is 300x240, centred: 30 rows of padding above and below.
        #expect(try image.pixel(x: 150, y: 10) == [255, 128, 0])
        #expect(try image.pixel(x: 150, y: 290) == [255, 128, 0])
        let inner = try image.crop(left: 0, top: 30, width: 300, height: 240)
        #expect(try ImageDifference.mean(inner, try full.resized(1.0 / 3)) < 4)
    }

    @Test func datasetsAreResizedToo() throws {
        let scratch = try Scratch()
        try scratch.place(URL(fileURLWithPath: Self.photo), at: "images/train/p.jpg")
        try scratch.write("0 0.5 0.5 0.5 0.5\n0 0.2 0.2 0.1 0.3\n", to: "labels/train/p.txt")
        try scratch.write("train: images/train\nnames: [thing]\n", to: "data.yaml")
        let result = try CommandRunner.run([
            "crop", "--yolo", scratch.path("data.yaml"), "--out-dir", scratch.path("out"), "--splits", "train",
            "--resize", "64x48", "--fit", "contain",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        for name in ["p_1.jpg", "p_2.jpg"] {
            let image = try VImage.load(scratch.path("out/train/thing/\(name)"))
            #expect(image.width == 64 && image.height == 48)
        }
    }

    @Test(arguments: [
        (["--fit", "cover"], "--fit needs --resize"),
        (["--resize", "0"], "--resize '0': expected WxH or N"),
        (["--resize", "224x"], "--resize '224x': expected WxH or N"),
        (["--resize", "99999999999"], "--resize '99999999999': expected WxH or N"),
        (["--resize", "224", "--fit", "stretch"], "--fit 'stretch': use one of fill, cover, contain"),
        (
            ["--resize", "224", "--pad-colour", "white"],
            "--pad-colour needs --fit contain (cover and fill leave no padding)"
        ),
        (
            ["--resize", "224", "--fit", "contain", "--pad-colour", "reddish"],
            "--pad-colour 'reddish': expected a CSS name"
        ),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let scratch = try Scratch()
        let result = try CommandRunner.run(
            ["crop", Self.photo, "--rect", Self.rect, "-o", scratch.path("r.png")] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: \(message)"), "\(result.stderr)")
    }
}

/// Training-size crops of a JPEG decode only the rect, at the DCT scale the target allows.
@Suite(.processes) struct CropResizeDecodeTests {
    @Test(arguments: [("64", 8), ("200", 2), ("900", 1)])
    func aJPEGIsShrunkOnLoadAndRegionDecoded(size: String, shrink: Int) throws {
        let scratch = try Scratch()
        let photo = CommandRunner.orientationPhotos.appendingPathComponent("Landscape_6.jpg").path
        let arguments = ["crop", photo, "--rect", "0.1,0.2,0.5,0.6", "--resize", size, "--json"]
        let region = try CommandRunner.run(arguments + ["-o", scratch.path("region.png")])
        #expect(region.status == 0, "\(region.stderr)")
        #expect(region.stdout.contains(#""decoder":"region""#))
        #expect(region.stdout.contains(#""shrink":\#(shrink)"#) == (shrink > 1), "\(region.stdout)")
        let plain = try CommandRunner.run(
            arguments + ["-o", scratch.path("libvips.png")], environment: ["LIGHTBOX_NO_REGION": "1"])
        #expect(plain.stdout.contains(#""decoder":"libvips""#))
        #expect(
            try ImageDifference.mean(VImage.load(scratch.path("region.png")), VImage.load(scratch.path("libvips.png")))
                == 0)
    }
}

/// A HEIF file's embedded thumbnail serves a training-size crop when it has every pixel the target needs.
@Suite(.processes) struct CropResizeThumbnailTests {
    @Test(arguments: [("64", true), ("200", false)])
    func theEmbeddedThumbnailIsUsedOnlyWhenLargeEnough(size: String, used: Bool) throws {
        let scratch = try Scratch()
        let input = CommandRunner.fixtures.appendingPathComponent("thumbnailed.heic").path
        let output = scratch.path("out.png")
        let result = try CommandRunner.run([
            "crop", input, "--rect", "0,0,1,1", "--resize", size, "-o", output, "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        // The 600x400 photo's thumbnail is 160 pixels wide: 3.75 times smaller.
        #expect(result.stdout.contains(#""shrink":3"#) == used, "\(result.stdout)")
        let image = try VImage.load(output)
        #expect(image.width == Int(size) && image.height == Int(size))
    }
}
