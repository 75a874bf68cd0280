import Foundation
import Testing
import Vips

/// Every command that draws shows a photo through its embedded profile, as iOS does; crops keep
/// CMYK where the format can hold it and convert it with the file's own profile where not.
@Suite(.processes) struct ColourManagementTests {
    /// The mean difference a JPEG round trip and resampling leave between two renders of the same colours.
    static let sameLook = 0.8

    /// Runs `lightbox` with `arguments` followed by `-o output` and loads the output.
    static func render(_ arguments: [String], to output: String) throws -> VImage {
        let result = try CommandRunner.run(arguments + ["-o", output])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try VImage.load(output)
    }

    /// The fixture is a fair test: read without its profile, it looks clearly different.
    @Test(arguments: ["adobe", "p3", "cmyk"])
    func ignoringTheProfileWouldShow(kind: String) throws {
        let scratch = try Scratch()
        let (input, reference) = try ProfiledInputs.make(kind, in: scratch)
        let naive = try VImage.load(input).colourspace("srgb").cast("uchar")
        #expect(try ImageDifference.mean(naive.band(0, count: 3), VImage.load(reference)) > 1.5)
    }

    @Test(arguments: [("adobe", "jpg"), ("p3", "jpg"), ("p3", "heic"), ("cmyk", "jpg")])
    func viewShowsThePhotoThroughItsProfile(kind: String, ext: String) throws {
        let scratch = try Scratch()
        let (input, reference) = try ProfiledInputs.make(kind, ext: ext, in: scratch)
        let arguments = ["view", "--screen", "300x200", "--scale", "2"]
        let shown = try Self.render(arguments + [input], to: scratch.path("shown.png"))
        let expected = try Self.render(arguments + [reference], to: scratch.path("expected.png"))
        #expect(try ImageDifference.mean(shown, expected) < Self.sameLook)
        #expect(!shown.hasField("icc-profile-data"))
    }

    @Test(arguments: ["adobe", "p3", "cmyk"])
    func boardShowsThePhotoThroughItsProfile(kind: String) throws {
        let scratch = try Scratch()
        let (input, reference) = try ProfiledInputs.make(kind, in: scratch)
        let arguments = ["board", "--size", "240x300", "--scale", "1", "--captions", "Same caption"]
        let shown = try Self.render(arguments + [input], to: scratch.path("shown.png"))
        let expected = try Self.render(arguments + [reference], to: scratch.path("expected.png"))
        #expect(try ImageDifference.mean(shown, expected) < Self.sameLook)
    }

    @Test func cmykCropToPNGUsesTheEmbeddedProfileAtEightBits() throws {
        let scratch = try Scratch()
        let (input, reference) = try ProfiledInputs.make("cmyk", in: scratch)
        let crop = try Self.render(["crop", input, "--rect", "0,0,1,1"], to: scratch.path("crop.png"))
        #expect(crop.format == "uchar")
        #expect(crop.bands == 3)
        #expect(try ImageDifference.mean(crop, VImage.load(reference)) < 0.5)
    }

    @Test func cmykCropToJPEGStaysCMYKWithItsProfile() throws {
        let scratch = try Scratch()
        let (input, _) = try ProfiledInputs.make("cmyk", in: scratch)
        let crop = try Self.render(["crop", input, "--rect", "0,0,0.5,0.5"], to: scratch.path("crop.jpg"))
        #expect(crop.interpretation == "cmyk")
        #expect(crop.hasField("icc-profile-data"))
    }

    @Test func cropKeepsAnAdobeRGBProfileAndItsPixels() throws {
        let scratch = try Scratch()
        let (input, _) = try ProfiledInputs.make("adobe", in: scratch)
        let crop = try Self.render(["crop", input, "--rect", "0,0,1,1"], to: scratch.path("crop.png"))
        #expect(crop.hasField("icc-profile-data"))
        #expect(try ImageDifference.mean(crop, VImage.load(input)) < 0.01)
    }
}
