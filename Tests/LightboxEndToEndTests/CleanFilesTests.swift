import Foundation
import Testing
import Vips

/// Clean files: exiftool reads every output without a warning, and a board, a snapshot and a
/// default crop carry no EXIF of libvips' making (its WebP block had an improper header; its
/// JPEG, HEIC and AVIF savers write one with the ICC profile), while the profile stays.
@Suite(.processes) struct CleanFilesTests {
    static let photo = CommandRunner.fixtures.appendingPathComponent("photo.jpg").path
    static let profiled = CommandRunner.fixtures.appendingPathComponent("icc.jpg").path
    static let cmyk = CommandRunner.fixtures.appendingPathComponent("cmyk.jpg").path
    static let iPhone = CommandRunner.fixtures.appendingPathComponent("heif/IMG_2927.HEIC").path

    @Test(arguments: ["jpg", "png", "webp", "tif", "avif", "heic"])
    func everyOutputReadsWithoutAWarningAndCarriesNoMadeUpExif(ext: String) throws {
        let scratch = try Scratch()
        let runs: [(name: String, arguments: [String])] = [
            ("crop", ["crop", Self.photo, "--rect", "0,0,0.5,0.5"]),
            ("view", ["view", Self.photo, "--screen", "100x150"]),
            ("board", ["board", Self.photo, "--size", "200x200"]),
            ("animation", ["view", Self.photo, "--screen", "100x150", "--animate", "zoom", "--frames", "3"]),
            ("profiled", ["crop", Self.profiled, "--rect", "0,0,0.5,0.5"]),
            ("cmyk", ["crop", Self.cmyk, "--rect", "0.1,0.1,0.5,0.5"]),
            ("iphone", ["crop", Self.iPhone, "--rect", "0.1,0.1,0.5,0.5"]),
        ]
        for run in runs where run.name != "animation" || ext == "webp" {
            let output = scratch.path("\(run.name).\(ext)")
            let result = try CommandRunner.run(run.arguments + ["-o", output])
            #expect(result.status == 0, "\(run.name): \(result.stderr)")
            if run.name == "cmyk" && ext == "tif" {
                // A CMYK TIFF reads cleanly; -validate holds it to baseline TIFF, whose colours are grey or RGB.
                #expect(try Exiftool.tags(output)["ExifTool:Warning"] == nil)
            } else {
                #expect(try Exiftool.warnings(output) == [], "\(run.name).\(ext)")
            }
            #expect(try Exiftool.exifTags(output) == [], "\(run.name).\(ext)")
        }
    }

    /// A crop of a photo with a profile (or a CMYK one) to HEIC or AVIF, and its preview, keep the
    /// profile and carry no EXIF: libvips' block is taken out of the HEIF container, the pixels
    /// read back as before.
    @Test(arguments: ["avif", "heic"])
    func heifOutputsKeepTheProfileWithoutExif(ext: String) throws {
        let scratch = try Scratch()
        for (name, input) in [("icc", Self.profiled), ("cmyk", Self.cmyk), ("iphone", Self.iPhone)] {
            let (output, preview) = (scratch.path("\(name).\(ext)"), scratch.path("\(name)-preview.\(ext)"))
            let result = try CommandRunner.run(
                ["crop", input, "--rect", "0.1,0.1,0.5,0.5", "-o", output, "--preview", preview])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            for file in [output, preview] {
                let tags = try Exiftool.tags(file)
                #expect(try Exiftool.exifTags(file) == [], "\(file)")
                #expect(tags.keys.contains { $0.hasPrefix("ICC-header:") }, "\(file): no profile")
                #expect(try Exiftool.warnings(file) == [], "\(file)")
                #expect(try VImage.load(file).average() > 0, "\(file)")
            }
        }
        let stripped = scratch.path("stripped.\(ext)")
        #expect(
            try CommandRunner.run(["crop", Self.profiled, "--rect", "0,0,1,1", "-o", stripped, "--strip"]).status == 0)
        #expect(try Exiftool.tags(stripped).keys.contains { $0.hasPrefix("ICC-header:") } == false)
    }

    /// `--keep-metadata` to PNG writes the EXIF block once, before the image data (libpng 1.6.39
    /// wrote it again after IDAT, which exiftool warns about).
    @Test func keptExifInAPNGIsOneChunkBeforeTheImageData() throws {
        let scratch = try Scratch()
        let camera = try MetadataPrivacyTests.cameraPhoto(in: scratch)
        let output = scratch.path("kept.png")
        let result = try CommandRunner.run([
            "crop", camera, "--rect", "0.1,0.1,0.5,0.5", "-o", output, "--keep-metadata",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Exiftool.warnings(output) == [])
        #expect(try Exiftool.tags(output)["IFD0:Make"] == "Apple")
        let chunks = try Self.pngChunks(output)
        #expect(chunks.filter { $0 == "eXIf" }.count == 1, "\(chunks)")
        #expect(chunks.firstIndex(of: "eXIf")! < chunks.firstIndex(of: "IDAT")!, "\(chunks)")
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

    /// The chunk types of the PNG at `path`, in order.
    static func pngChunks(_ path: String) throws -> [String] {
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var types: [String] = []
        var position = 8
        while position + 12 <= data.count {
            let length = data[position..<position + 4].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: data[position + 4..<position + 8], as: UTF8.self))
            position += 12 + length
        }
        return types
    }
}
