import Foundation
import Testing
import Vips

/// Crops drop what identifies a photo (GPS, camera, XMP, IPTC) and keep its colour profile by
/// default; boards and viewer snapshots are new pictures that carry nothing of any input.
/// exiftool is the witness, not libvips' own field list.
@Suite(.processes) struct MetadataPrivacyTests {
    /// A camera-tagged copy of the oriented photo (EXIF orientation 6, sRGB profile added, an EXIF
    /// thumbnail of the whole photo, which a crop must not carry) in `scratch`.
    static func cameraPhoto(in scratch: Scratch) throws -> String {
        let path = scratch.path("camera.jpg")
        let source = CommandRunner.orientationPhotos.appendingPathComponent("Landscape_6.jpg").path
        let image = try VImage.load(source).shrunk(4, 4)
        let profiled = try image.iccTransformed(to: "srgb", inputProfile: "srgb", depth: 8)
        try profiled.save(to: path, saver: "jpegsave")
        try Exiftool.tagAsCamera(path)
        let thumbnail = scratch.path("thumbnail.jpg")
        try image.shrunk(8, 8).save(to: thumbnail, saver: "jpegsave")
        try Exiftool.addThumbnail(path, thumbnail: thumbnail)
        #expect(try Exiftool.privateTags(Exiftool.tags(path)).count >= 7)
        #expect(try VImage.load(path).hasField("jpeg-thumbnail-data"))
        return path
    }

    @Test(arguments: ["jpg", "webp", "png", "tif", "heic"])
    func cropDropsIdentityButKeepsTheProfile(ext: String) throws {
        let scratch = try Scratch()
        let input = try Self.cameraPhoto(in: scratch)
        let output = scratch.path("crop.\(ext)")
        let result = try CommandRunner.run(["crop", input, "--rect", "0.1,0.1,0.5,0.5", "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Exiftool.privateTags(Exiftool.tags(output)) == [])
        #expect(try VImage.load(output).hasField("icc-profile-data"))
    }

    /// The test pattern as a PNG with text chunks before its image data in `scratch`: a `tEXt`
    /// whose key is XMP's with a stray byte (not UTF-8), a plain `tEXt` and an `iTXt`.
    static func textPNG(in scratch: Scratch) throws -> String {
        let bytes = [UInt8](try Data(contentsOf: RootConfinementTests.pattern))
        let idat = try #require((8..<bytes.count - 4).first { Array(bytes[$0..<$0 + 4]) == Array("IDAT".utf8) }) - 4
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in typed {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            let big = { (value: UInt32) in withUnsafeBytes(of: value.bigEndian) { Array($0) } }
            return big(UInt32(body.count)) + typed + big(~crc)
        }
        let text =
            chunk("tEXt", Array("XML:com.adobe.xm".utf8) + [0xFF] + Array("p".utf8) + [0] + Array("secret-gps".utf8))
            + chunk("tEXt", Array("Comment".utf8) + [0] + Array("secret-comment".utf8))
            + chunk("iTXt", Array("Author".utf8) + [0, 0, 0, 0, 0] + Array("secret-author".utf8))
        let path = scratch.path("text.png")
        try Data(bytes[..<idat] + text + bytes[idat...]).write(to: URL(fileURLWithPath: path))
        #expect(try VImage.load(path).fieldNames.filter { $0.hasPrefix("png-comment-") }.count == 3)
        return path
    }

    /// A PNG's text chunks are the input's metadata whatever their key, even one that is not
    /// UTF-8: every format drops them unless `--keep-metadata`.
    @Test(arguments: ["png", "jpg", "webp", "tif"])
    func everyTextChunkIsDroppedWhateverItsKey(ext: String) throws {
        let scratch = try Scratch()
        let input = try Self.textPNG(in: scratch)
        for keep in [false, true] {
            let output = scratch.path("crop-\(keep).\(ext)")
            let result = try CommandRunner.run(
                ["crop", input, "--rect", "0,0,0.5,0.5", "-o", output] + (keep ? ["--keep-metadata"] : []))
            #expect(result.status == 0, "\(result.stderr)")
            let written = try Data(contentsOf: URL(fileURLWithPath: output))
            let secrets = ["secret-gps", "secret-comment", "secret-author"].filter {
                written.range(of: Data($0.utf8)) != nil
            }
            if !keep {
                #expect(secrets.isEmpty, "\(ext): \(secrets)")
                #expect(try VImage.load(output).fieldNames.allSatisfy { !$0.hasPrefix("png-comment-") }, "\(ext)")
            } else if ext == "png" {
                let kept = try VImage.load(output).fieldNames.filter { $0.hasPrefix("png-comment-") }
                #expect(kept.count >= 2, "\(kept)")
            }
        }
    }

    @Test func keepMetadataKeepsEverythingWithOrientationOne() throws {
        let scratch = try Scratch()
        let input = try Self.cameraPhoto(in: scratch)
        let output = scratch.path("crop.jpg")
        let result = try CommandRunner.run(["crop", input, "--rect", "0,0,1,1", "-o", output, "--keep-metadata"])
        #expect(result.status == 0, "\(result.stderr)")
        let tags = try Exiftool.tags(output)
        #expect(tags["IFD0:Make"] == "Apple")
        #expect(tags["GPS:GPSLatitudeRef"] == "N")
        #expect(tags["XMP-dc:Creator"] == "Ana Silva")
        #expect(tags["IFD0:Orientation"] == "1")
    }

    @Test func stripWritesNoMetadataNotEvenTheProfile() throws {
        let scratch = try Scratch()
        let input = try Self.cameraPhoto(in: scratch)
        for ext in ["jpg", "webp", "png"] {
            let output = scratch.path("crop.\(ext)")
            let result = try CommandRunner.run(["crop", input, "--rect", "0,0,1,1", "-o", output, "--strip"])
            #expect(result.status == 0, "\(result.stderr)")
            let tags = try Exiftool.tags(output)
            #expect(Exiftool.privateTags(tags) == [])
            #expect(!tags.keys.contains { $0.hasPrefix("ICC") }, "\(ext)")
        }
    }

    @Test func keepMetadataAndStripAreAUsageError() throws {
        let result = try CommandRunner.run([
            "crop", "a.jpg", "--rect", "0,0,1,1", "-o", "b.jpg", "--keep-metadata", "--strip",
        ])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --strip does not go with --keep-metadata"))
    }

    @Test(arguments: ["png", "jpg", "webp"])
    func viewAndBoardCarryNothingOfTheirInputs(ext: String) throws {
        let scratch = try Scratch()
        let camera = try Self.cameraPhoto(in: scratch)
        let (p3, _) = try ProfiledInputs.make("p3", ext: "heic", in: scratch)
        let runs = [
            ["view", camera, p3, "--page", "1", "--screen", "200x300", "-o", scratch.path("view.\(ext)")],
            ["view", camera, "--screen", "200x300", "-o", scratch.path("view-camera.\(ext)")],
            ["board", p3, camera, "--size", "300x300", "-o", scratch.path("board.\(ext)")],
        ]
        for arguments in runs {
            let result = try CommandRunner.run(arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let tags = try Exiftool.tags(arguments[arguments.count - 1])
            #expect(Exiftool.privateTags(tags) == [], "\(arguments)")
            #expect(!tags.keys.contains { $0.hasPrefix("ICC") }, "\(arguments)")
        }
    }
}
