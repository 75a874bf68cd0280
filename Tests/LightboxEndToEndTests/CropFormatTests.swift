import Foundation
import Testing
import Vips

/// Output formats, bit depth, alpha, CMYK and metadata handling of `lightbox crop`.
@Suite(.processes) struct CropFormatTests {
    static func fixture(_ name: String) -> String {
        CommandRunner.fixtures.appendingPathComponent(name).path
    }

    @Test(arguments: ["jpg", "jpeg", "png", "webp", "tif", "tiff", "gif"])
    func writesEveryFormatFromTheExtension(ext: String) throws {
        let scratch = try Scratch()
        let output = scratch.path("crop.\(ext)")
        let result = try CommandRunner.run([
            "crop", Self.fixture("pattern.png"), "--rect", "0,0,0.25,0.5", "-o", output,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try VImage.load(output)
        #expect(image.width == 160 && image.height == 240)
    }

    /// (extension, the brand in the file's `ftyp` box).
    static let heifFormats = [("avif", "avif"), ("heic", "heic")]

    @Test(
        .enabled(if: (try? Vips.saver(for: "x.avif")) != nil, "this libvips build has no HEIF saver"),
        arguments: heifFormats)
    func writesHEIFFormatsWhereTheBuildHasThem(ext: String, brand: String) throws {
        let scratch = try Scratch()
        let output = scratch.path("crop.\(ext)")
        let result = try CommandRunner.run([
            "crop", Self.fixture("photo.jpg"), "--rect", "0,0,0.5,0.5", "-o", output, "--quality", "60",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let head = try Data(contentsOf: URL(fileURLWithPath: output)).prefix(12)
        #expect(String(decoding: head.suffix(4), as: UTF8.self) == brand)
        let image = try VImage.load(output)
        #expect(image.width == 300 && image.height == 200)
    }

    /// libheif reports success for a picture its x265 encoder refuses (8192x4) and writes a file
    /// naming no image: that crop fails, and no file is left.
    @Test func aHEICTheEncoderRefusesIsAnError() throws {
        let scratch = try Scratch()
        try VImage.filled(width: 8192, height: 4, color: [90, 120, 200]).save(
            to: scratch.path("strip.png"), saver: "pngsave")
        let result = try CommandRunner.run(
            ["crop", "strip.png", "--rect", "0,0,1,1", "-o", "strip.heic"], in: scratch.url)
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "error: strip.heic: libheif wrote no image for 8192x4 (its encoder refused a picture this shape)\n")
        #expect(try scratch.contents() == ["strip.png"])
        let fine = try CommandRunner.run(
            ["crop", "strip.png", "--rect", "0,0,0.25,1", "-o", "part.heic"], in: scratch.url)
        #expect(fine.status == 0, "\(fine.stderr)")
        #expect(try VImage.load(scratch.path("part.heic")).width == 2048)
    }

    @Test func sixteenBitPNGStaysSixteenBit() throws {
        let scratch = try Scratch()
        let output = scratch.path("deep.png")
        let result = try CommandRunner.run([
            "crop", Self.fixture("deep16.png"), "--rect", "0.5,0.5,0.5,0.5", "-o", output,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try VImage.load(output)
        #expect(image.format == "ushort")
        // deep16.png stores red = x * 200, so the crop's first pixel (x 160) is 32000.
        #expect(try image.pixel(x: 0, y: 0)[0] == 32000)
    }

    @Test func alphaIsKeptInPNG() throws {
        let scratch = try Scratch()
        let output = scratch.path("alpha.png")
        let result = try CommandRunner.run(["crop", Self.fixture("alpha.png"), "--rect", "0.25,0,0.5,1", "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try VImage.load(output)
        #expect(image.bands == 4)
        #expect(try image.pixel(x: 0, y: 0)[3] == 0)
        #expect(try image.pixel(x: image.width - 1, y: 0)[3] == 255)
    }

    @Test func cmykJPEGCropsToCMYKJPEGAndToRGBPNG() throws {
        let scratch = try Scratch()
        let jpeg = scratch.path("cmyk.jpg")
        let png = scratch.path("cmyk.png")
        for output in [jpeg, png] {
            let result = try CommandRunner.run([
                "crop", Self.fixture("cmyk.jpg"), "--rect", "0,0,0.5,0.5", "-o", output,
            ])
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(try VImage.load(jpeg).interpretation == "cmyk")
        let rgb = try VImage.load(png)
        #expect(rgb.bands == 3 && rgb.width == 150)
    }

    @Test func iccProfileStaysUnlessStripOrStripICC() throws {
        let scratch = try Scratch()
        let input = Self.fixture("icc.jpg")
        let cases: [([String], Bool)] = [
            ([], true), (["--keep-metadata"], true), (["--strip"], false), (["--strip-icc"], false),
            (["--keep-metadata", "--strip-icc"], false),
        ]
        for (index, (flags, keeps)) in cases.enumerated() {
            let output = scratch.path("icc-\(index).jpg")
            let result = try CommandRunner.run(["crop", input, "--rect", "0,0,1,1", "-o", output] + flags)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try VImage.load(output).hasField("icc-profile-data") == keeps, "\(flags)")
        }
    }

    @Test func theDefaultDropsEXIFButKeepsTheProfile() throws {
        let scratch = try Scratch()
        let input = Self.fixture("icc.jpg")
        let kept = scratch.path("kept.jpg")
        let plain = scratch.path("plain.jpg")
        _ = try CommandRunner.run(["crop", input, "--rect", "0,0,0.1,0.1", "-o", kept, "--keep-metadata"])
        _ = try CommandRunner.run(["crop", input, "--rect", "0,0,0.1,0.1", "-o", plain])
        #expect(try VImage.load(kept).hasField("exif-ifd0-Artist"))
        #expect(try !VImage.load(plain).hasField("exif-ifd0-Artist"))
        #expect(try !VImage.load(plain).hasField("exif-ifd0-ImageDescription"))
        #expect(try VImage.load(plain).hasField("icc-profile-data"))
    }

    @Test func qualityChangesTheFileSize() throws {
        let scratch = try Scratch()
        let input = Self.fixture("photo.jpg")
        var sizes: [Int] = []
        for quality in ["20", "95"] {
            let output = scratch.path("q\(quality).jpg")
            let result = try CommandRunner.run(["crop", input, "--rect", "0,0,1,1", "-o", output, "--quality", quality])
            #expect(result.status == 0, "\(result.stderr)")
            sizes.append(try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int ?? 0)
        }
        #expect(sizes[0] * 2 < sizes[1])
    }
}
