import Foundation
import Testing
import Vips

/// A HEIF file's embedded thumbnail is used only when it decodes; `VImage.thumbnail` of a HEIF
/// file gives libvips' own `thumbnail` pixels (from the embedded thumbnail when that serves, from
/// the main image otherwise), and the main image's when the embedded thumbnail does not decode.
@Suite struct HEIFThumbnailTests {
    /// The path of `name` under Fixtures.
    static func path(_ name: String) -> String {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/\(name)").path
    }

    /// The embedded thumbnail of `name`, opened against the main image's width.
    static func thumbnail(_ name: String) throws -> HEIFThumbnail? {
        let main = try VImage.load(path(name))
        return HEIFThumbnail(path(name), failOn: .truncated, mainWidth: main.width)
    }

    /// libvips' own `thumbnail` operation, called straight.
    static func libvipsThumbnail(_ path: String, _ options: Options) throws -> VImage {
        try VOperation.call(
            "thumbnail",
            [
                ("filename", .string(path)), ("width", .int(options.width)), ("height", .int(options.height)),
                ("size", .nick(options.size)), ("crop", .nick(options.crop)),
            ]
        ).image()
    }

    /// `thumbnail`'s options.
    struct Options: Sendable, CustomStringConvertible {
        let width: Int
        let height: Int
        let size: String
        let crop: String

        var description: String { "\(width)x\(height) \(size) \(crop)" }
    }

    /// Options on both sides of each file's thumbnail: grid-plain.heic's is 128x96 (so a 96 pixel
    /// square, a shrink of exactly 1, is made from the main image), thumbnailed.heic's 160x106.
    static let options = [
        Options(width: 64, height: 64, size: "both", crop: "centre"),
        Options(width: 96, height: 96, size: "both", crop: "centre"),
        Options(width: 95, height: 95, size: "both", crop: "attention"),
        Options(width: 100, height: 100, size: "down", crop: "none"),
        Options(width: 127, height: 40, size: "both", crop: "none"),
        Options(width: 200, height: 50, size: "force", crop: "none"),
        Options(width: 50, height: 50, size: "up", crop: "none"),
        Options(width: 300, height: 300, size: "down", crop: "none"),
        Options(width: 150, height: 100, size: "both", crop: "none"),
    ]

    @Test(arguments: [
        ("heif/grid-plain.heic", "128x96", true), ("heif/grid-bad-thumbnail.heic", "128x100", false),
        ("thumbnailed.heic", "160x106", true), ("heif/grid-wide.heic", nil, false),
        ("heif/phone-part.heic", nil, false),
    ])
    func aThumbnailIsOpenedAndDecodedOrNot(name: String, size: String?, decodes: Bool) throws {
        let thumbnail = try Self.thumbnail(name)
        #expect(thumbnail.map { "\($0.header.width)x\($0.header.height)" } == size)
        let decoded = thumbnail?.decoded()
        #expect((decoded != nil) == decodes)
        if let decoded { #expect("\(decoded.width)x\(decoded.height)" == size) }
    }

    @Test func theBadThumbnailFailsAsTheSamsungPhotosDoes() throws {
        // Each try opens its own uncached thumbnail: a cached one is shared with the tests beside
        // this one, and libvips reports a lazy load's failure once, to the first decode (a later
        // one fails with no message). The error buffer is global too, so a failure beside this one
        // may take the words: a few tries are allowed for them (every try must fail).
        let path = Self.path("heif/grid-bad-thumbnail.heic")
        _ = try VImage.load(path)  // loads the HEIF module, which a bare operation call does not
        var messages: [String] = []
        for _ in 0..<3 where !(messages.last ?? "").contains("heifload: bad image dimensions on decode") {
            let header = try VOperation.call(
                "heifload",
                [("filename", .string(path)), ("thumbnail", .bool(true))], cached: false
            ).image()
            #expect("\(header.width)x\(header.height)" == "128x100")
            let error = #expect(throws: VipsError.self) { try header.inMemory() }
            messages.append(error?.message ?? "")
        }
        let message = messages.last ?? ""
        #expect(message.contains("heifload: bad image dimensions on decode") == true, "\(messages)")
    }

    @Test func theThumbnailServesWhereLibvipsTakesIt() throws {
        let thumbnail = try #require(try Self.thumbnail("heif/grid-plain.heic"))
        let serves = Self.options.map {
            thumbnail.servesThumbnail(width: $0.width, height: $0.height, size: $0.size, crop: $0.crop, swap: false)
        }
        #expect(serves == [true, false, true, true, true, false, false, false, false])
        // Turned a quarter, the 150x100 box is 100x150, which the 128x96 thumbnail fits by shrinking.
        #expect(thumbnail.servesThumbnail(width: 150, height: 100, size: "both", crop: "none", swap: true))
    }

    @Test(arguments: ["heif/grid-plain.heic", "thumbnailed.heic", "heif/grid-wide.heic", "heif/grid-alpha.heic"])
    func aHEIFFileIsFittedAsLibvipsFitsIt(name: String) throws {
        for options in Self.options {
            let ours = try VImage.thumbnail(
                Self.path(name), width: options.width, height: options.height, size: options.size, crop: options.crop)
            let libvips = try Self.libvipsThumbnail(Self.path(name), options)
            #expect(ours.width == libvips.width && ours.height == libvips.height, "\(name) \(options)")
            #expect(try ours.ucharBytes() == libvips.ucharBytes(), "\(name) \(options)")
        }
    }

    @Test(arguments: [
        "heif/grid-wide.heic", "heif/phone-part.heic", "heif/grid-irot1-imir.heic", "heif/grid-alpha.heic",
    ])
    func theMainImageIsFittedAsLibvipsFitsAFileWithoutAThumbnail(name: String) throws {
        for options in Self.options {
            let ours = try VImage.thumbnailOfMainImage(
                Self.path(name), width: options.width, height: options.height, size: options.size, crop: options.crop)
            let libvips = try Self.libvipsThumbnail(Self.path(name), options)
            #expect(try ours.ucharBytes() == libvips.ucharBytes(), "\(name) \(options)")
        }
    }

    @Test func aThumbnailThatDoesNotDecodeIsFittedFromTheMainImage() throws {
        // grid-bad-thumbnail.heic is grid-plain.heic but for its thumbnail's ispe: the same main image.
        for options in Self.options {
            let fitted = try VImage.thumbnail(
                Self.path("heif/grid-bad-thumbnail.heic"), width: options.width, height: options.height,
                size: options.size, crop: options.crop
            ).inMemory()
            let main = try VImage.thumbnailOfMainImage(
                Self.path("heif/grid-plain.heic"), width: options.width, height: options.height, size: options.size,
                crop: options.crop)
            #expect(try fitted.ucharBytes() == main.ucharBytes(), "\(options)")
        }
    }
}
