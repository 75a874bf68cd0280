import Foundation
import Testing
import Vips

/// A crop's colours stay right when its format cannot embed the input's profile: the profile is
/// kept some other way, or the pixels are converted to sRGB through it, never dropped silently.
@Suite(.processes) struct ProfileEmbeddingTests {
    /// The test pattern's saturated colours in Display P3 (libvips' P3 profile) as `name` in
    /// `scratch`, its profile changed by `edit` before it is embedded; and the pixels iOS shows
    /// for it, in sRGB.
    static func p3Photo(
        _ name: String, in scratch: Scratch, edit: ([UInt8]) -> [UInt8]
    ) throws -> (path: String, profile: [UInt8], shown: VImage) {
        let source = try VImage.load(CommandRunner.fixtures.appendingPathComponent("pattern.png").path)
        let p3 = try VOperation.call("icc_transform", [("in", .image(source)), ("output_profile", .string("p3"))])
            .image()
        let profile = try #require(p3.blobField("icc-profile-data"))
        let path = scratch.path(name)
        try p3.settingBlob("icc-profile-data", edit(profile)).save(
            to: path, saver: Vips.saver(for: path), options: path.hasSuffix(".jpg") ? [("Q", .int(98))] : [])
        let shown = try VImage.load(path).iccTransformed(to: "srgb", inputProfile: "srgb", depth: 8)
        return (path, profile, shown)
    }

    /// The largest difference of any band of any pixel between two images of one size.
    static func largestDifference(_ first: VImage, _ second: VImage) throws -> Double {
        let difference = try VOperation.call("subtract", [("left", .image(first)), ("right", .image(second))]).image()
        let absolute = try VOperation.call("abs", [("in", .image(difference))]).image()
        return try VOperation.call("max", [("in", .image(absolute))]).double("out")
    }

    /// The mean difference of every band of every pixel between two images of one size.
    static func meanDifference(_ first: VImage, _ second: VImage) throws -> Double {
        let difference = try VOperation.call("subtract", [("left", .image(first)), ("right", .image(second))]).image()
        return try VOperation.call("abs", [("in", .image(difference))]).image().average()
    }

    /// An iPhone HEIC's profile with bytes past its declared length ("length does not match
    /// profile" to libpng, "Bad length ICC_Profile" to exiftool in a JPEG) is cut to that length
    /// in every format: the PNG, JPEG, WebP and TIFF keep the same profile, the PNG its pixels.
    @Test func aProfileWithTrailingBytesIsKeptCutToItsLength() throws {
        let scratch = try Scratch()
        let (input, profile, _) = try Self.p3Photo("padded.heic", in: scratch) { $0 + [0, 0, 0, 0, 0, 0, 0, 0] }
        let loaded = try #require(try VImage.load(input).blobField("icc-profile-data"))
        #expect(loaded.count == profile.count + 8)
        for ext in ["png", "jpg", "webp", "tif"] {
            let output = scratch.path("crop.\(ext)")
            let result = try CommandRunner.run(["crop", input, "--rect", "0,0,1,1", "-o", output])
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
            let written = try #require(try VImage.load(output).blobField("icc-profile-data"), "\(ext)")
            #expect(written == profile, "\(ext)")
        }
        #expect(try Self.largestDifference(VImage.load(scratch.path("crop.png")), VImage.load(input)) == 0)
    }

    /// A profile libpng refuses and nothing can mend is converted away: the PNG's pixels are
    /// what iOS shows (sRGB through the profile), untagged, and a warning says so; a GIF, which
    /// holds no profile, gets the same pixels quietly.
    @Test func aProfileLibpngRefusesBecomesSRGBPixelsWithAWarning() throws {
        let scratch = try Scratch()
        let (input, _, shown) = try Self.p3Photo("long.jpg", in: scratch) { profile in
            let declared = UInt32(profile.count + 40)
            return withUnsafeBytes(of: declared.bigEndian) { Array($0) } + profile.dropFirst(4)
        }
        let png = scratch.path("crop.png")
        let result = try CommandRunner.run(["crop", input, "--rect", "0,0,1,1", "-o", png])
        let declared = String(try Self.declaredLength(of: input), radix: 16, uppercase: true)
        #expect(result.status == 0)
        #expect(
            result.stderr
                == "warning: \(png): libpng would not embed the input's ICC profile (profile 'icc': "
                + "\(declared)h: length does not match profile); its pixels were converted to sRGB through it\n",
            "\(result.stderr)")
        let written = try VImage.load(png)
        #expect(!written.hasField("icc-profile-data"))
        #expect(try Self.largestDifference(written, shown) <= 1)
        #expect(try Self.largestDifference(VImage.load(input), shown) > 10)
        let gif = scratch.path("crop.gif")
        let quiet = try CommandRunner.run(["crop", input, "--rect", "0,0,1,1", "-o", gif])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
        let gifPixels = try VImage.load(gif)
        let colours = gifPixels.bands > 3 ? try gifPixels.band(0, count: 3) : gifPixels
        // A GIF's palette moves single pixels far; on average it is near what iOS shows, not the raw P3 values.
        let nearShown = try Self.meanDifference(colours, shown)
        let nearRaw = try Self.meanDifference(colours, VImage.load(input))
        #expect(nearShown * 2 < nearRaw, "\(nearShown) \(nearRaw)")
    }

    /// The same input cut short fails, and no warning is said about the output it never wrote.
    @Test func aFailedCropWarnsAboutNoOutput() throws {
        let scratch = try Scratch()
        let (input, _, _) = try Self.p3Photo("long.jpg", in: scratch) { profile in
            let declared = UInt32(profile.count + 40)
            return withUnsafeBytes(of: declared.bigEndian) { Array($0) } + profile.dropFirst(4)
        }
        let bytes = try Data(contentsOf: URL(fileURLWithPath: input))
        let cut = scratch.path("cut.jpg")
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cut))
        let png = scratch.path("crop.png")
        let result = try CommandRunner.run(["crop", cut, "--rect", "0,0,1,1", "-o", png])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: \(cut): "), "\(result.stderr)")
        #expect(!result.stderr.contains("warning"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: png))
    }

    /// The length `input`'s profile declares.
    static func declaredLength(of input: String) throws -> Int {
        let profile = try #require(try VImage.load(input).blobField("icc-profile-data"))
        return profile.prefix(4).reduce(0) { $0 << 8 | Int($1) }
    }
}
