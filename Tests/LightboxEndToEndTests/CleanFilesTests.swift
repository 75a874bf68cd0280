import Foundation
import Testing

/// Clean files: exiftool reads every output without a warning, and a board, a snapshot and a
/// default crop carry no EXIF of libvips' making (its WebP block had an improper header).
@Suite struct CleanFilesTests {
    static let photo = CommandRunner.fixtures.appendingPathComponent("photo.jpg").path
    static let profiled = CommandRunner.fixtures.appendingPathComponent("icc.jpg").path

    @Test(arguments: ["jpg", "png", "webp", "tif", "avif"])
    func everyOutputReadsWithoutAWarningAndCarriesNoMadeUpExif(ext: String) throws {
        let scratch = try Scratch()
        let runs: [(name: String, arguments: [String])] = [
            ("crop", ["crop", Self.photo, "--rect", "0,0,0.5,0.5"]),
            ("view", ["view", Self.photo, "--screen", "100x150"]),
            ("board", ["board", Self.photo, "--size", "200x200"]),
            ("animation", ["view", Self.photo, "--screen", "100x150", "--animate", "zoom", "--frames", "3"]),
            ("profiled", ["crop", Self.profiled, "--rect", "0,0,0.5,0.5"]),
        ]
        for run in runs where run.name != "animation" || ext == "webp" {
            let output = scratch.path("\(run.name).\(ext)")
            let result = try CommandRunner.run(run.arguments + ["-o", output])
            #expect(result.status == 0, "\(run.name): \(result.stderr)")
            #expect(try Exiftool.warnings(output) == [], "\(run.name).\(ext)")
            // HEIF's saver writes its made-up block with the profile, and libheif cannot drop it.
            if !(run.name == "profiled" && ext == "avif") {
                #expect(try Exiftool.exifTags(output) == [], "\(run.name).\(ext)")
            }
        }
    }

    @Test func keptExifInAWebPHasTheHeaderWebPWants() throws {
        let scratch = try Scratch()
        let camera = try MetadataPrivacyTests.cameraPhoto(in: scratch)
        let output = scratch.path("kept.webp")
        let result = try CommandRunner.run(["crop", camera, "--rect", "0,0,1,1", "-o", output, "--keep-metadata"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Exiftool.warnings(output) == [])
        let tags = try Exiftool.tags(output)
        #expect(tags["IFD0:Make"] == "Apple")
        #expect(tags["IFD0:Orientation"] == "1")
    }
}
