import Foundation
import Testing
import Vips

/// A PNG crop of a photo with the common HP "sRGB IEC61966-2.1" profile keeps it, as libvips'
/// PNG writer keeps it (`LIGHTBOX_PNG_WRITER=libvips`) and a JPEG crop keeps it: libpng calls
/// the profile "known incorrect" and left it out of Lightbox's PNGs without a word (#40 item 1).
@Suite(.processes) struct HPSRGBProfileTests {
    /// The data of the `iCCP` chunk of the PNG at `path`, or nil when it has none before its image data.
    static func iCCP(_ path: String) throws -> [UInt8]? {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            if type == "iCCP" { return Array(bytes[offset + 8..<min(bytes.count, offset + 8 + length)]) }
            if type == "IDAT" { return nil }
            offset += 12 + length
        }
        return nil
    }

    /// The input `name` in `hp-srgb/`; `scan.tif` is made from the JPEG there, its profile kept.
    static func input(_ name: String, in scratch: Scratch) throws -> String {
        let folder = CommandRunner.fixtures.appendingPathComponent("hp-srgb")
        guard name == "scan.tif" else { return folder.appendingPathComponent(name).path }
        let path = scratch.path(name)
        let photo = try VImage.load(folder.appendingPathComponent("fujifilm-finepix-s1pro.jpg").path)
        try photo.save(to: path, saver: Vips.saver(for: path), options: [])
        return path
    }

    /// JPEG, WebP, TIFF and PNG inputs (the PNG's `iCCP` stream without its Adler-32), each with one
    /// of the two HP profiles: both writers embed the same `iCCP` chunk (name `icc`, compression
    /// method 0) holding the input's very profile, with no warning; the JPEG crop keeps it too.
    @Test(arguments: ["fujifilm-finepix-s1pro.jpg", "htc-desire.webp", "scan.tif", "iccp-missing-adler32.png"])
    func aPNGCropKeepsTheProfileAsLibvipsWriterKeepsIt(name: String) throws {
        let scratch = try Scratch()
        let input = try Self.input(name, in: scratch)
        let profile = try #require(try VImage.load(input).blobField("icc-profile-data"))
        #expect(profile.count == 3144)
        var chunks: [[UInt8]?] = []
        for (tag, environment) in [("ours", [:]), ("libvips", ["LIGHTBOX_PNG_WRITER": "libvips"])] {
            let output = scratch.path("\(tag).png")
            let result = try CommandRunner.run(
                ["crop", input, "--rect", "0.1,0.2,0.5,0.6", "-o", output], environment: environment)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(tag): \(result.stderr)")
            chunks.append(try Self.iCCP(output))
            #expect(try VImage.load(output).blobField("icc-profile-data") == profile, "\(tag)")
        }
        let ours = try #require(chunks[0])
        #expect(ours.starts(with: Array("icc".utf8) + [0, 0]), "the name icc, compression method 0")
        #expect(chunks[0] == chunks[1])
        let jpeg = scratch.path("crop.jpg")
        let result = try CommandRunner.run(["crop", input, "--rect", "0.1,0.2,0.5,0.6", "-o", jpeg])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(try VImage.load(jpeg).blobField("icc-profile-data") == profile)
    }
}
