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
