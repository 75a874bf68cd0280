import Foundation
import SeededRandom
import Testing
import Vips

/// The JPEG region source gives exactly libvips' pixels for the same rect, at every shrink,
/// and declines the kinds it leaves to libvips.
@Suite struct JPEGRegionTests {
    /// The repository's Fixtures folder.
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// A JPEG of each chroma layout and size the tests cover: name, then jpegsave options.
    static let kinds: [(String, Int, Int, [(String, VValue)])] = [
        ("444", 301, 217, [("Q", .int(95)), ("subsample-mode", .nick("off"))]),
        ("420", 333, 250, [("Q", .int(80)), ("subsample-mode", .nick("on"))]),
        ("420-restart", 257, 129, [("Q", .int(75)), ("subsample-mode", .nick("on")), ("restart-interval", .int(3))]),
        ("444-restart", 96, 64, [("Q", .int(92)), ("subsample-mode", .nick("off")), ("restart-interval", .int(1))]),
        ("grey", 211, 173, [("Q", .int(85))]),
    ]

    /// A noisy, photo-like test image of `width` by `height` saved as a JPEG with `options`.
    static func makeJPEG(
        _ name: String, width: Int, height: Int, options: [(String, VValue)], in folder: String
    ) throws -> String {
        let pattern = try VImage.load(fixtures.appendingPathComponent("pattern.png").path)
            .crop(left: 37, top: 11, width: width, height: height)
        let noise = try VOperation.call(
            "gaussnoise", [("width", .int(width)), ("height", .int(height)), ("sigma", .double(25))]
        ).image()
        var image = try VOperation.call("add", [("left", .image(pattern)), ("right", .image(noise))]).image().cast(
            "uchar")
        image = try image.interpreted("srgb")
        if name == "grey" { image = try image.colourspace("b-w") }
        let path = folder + "/\(name).jpg"
        try image.save(to: path, saver: "jpegsave", options: options)
        return path
    }

    /// A temporary folder, removed by the caller.
    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "lightbox-region-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The largest difference of any band value between two images of one size.
    static func maxDifference(_ first: VImage, _ second: VImage) throws -> Double {
        let difference = try VOperation.call("subtract", [("left", .image(first)), ("right", .image(second))]).image()
        let absolute = try VOperation.call("abs", [("in", .image(difference))]).image()
        return try VOperation.call("max", [("in", .image(absolute))]).double("out")
    }

    /// Random rects (seeded, so a failure repeats), the corners, the whole image, and rects whose
    /// edges fall on the 16-pixel MCU grid (`mcu`, in shrunk pixels), where the upsampler needs context.
    static func rects(width: Int, height: Int, seed: UInt64, mcu: Int) -> [(Int, Int, Int, Int)] {
        var random = SeededRandom(seed: seed)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
        var rects = [
            (0, 0, width, height), (0, 0, 1, 1), (width - 1, height - 1, 1, 1),
            (width / 2, 0, width - width / 2, height),
        ]
        for (left, top, right, bottom) in [(1, 1, 2, 2), (2, 1, 4, 3), (3, 2, 5, 3), (1, 3, 6, 5)] {
            let box = (
                left * mcu, top * mcu, min(width, right * mcu) - left * mcu, min(height, bottom * mcu) - top * mcu
            )
            if box.2 > 0 && box.3 > 0 { rects.append(box) }
        }
        for _ in 0..<14 {
            let left = next(width), top = next(height)
            rects.append((left, top, 1 + next(width - left), 1 + next(height - top)))
        }
        return rects
    }

    /// Checks every rect of `path` at `shrink` against libvips' shrink-on-load of the same file.
    static func checkIdentity(_ path: String, shrink: Int) throws {
        let reference = try VImage.load(path, options: [("shrink", .int(shrink))])
        let header = try VImage.load(path, access: .sequential)
        for (left, top, width, height) in rects(
            width: reference.width, height: reference.height, seed: UInt64(shrink), mcu: max(1, 16 / shrink))
        {
            let region = try #require(
                JPEGRegion.load(
                    path, header: header, left: left, top: top, width: width, height: height, shrink: shrink))
            let decoded = try region.inMemory()
            #expect(decoded.width == width && decoded.height == height && decoded.bands == reference.bands)
            let expected = try reference.crop(left: left, top: top, width: width, height: height)
            let difference = try maxDifference(decoded, expected)
            #expect(difference == 0, "\(path) shrink \(shrink) rect \(left),\(top) \(width)x\(height): \(difference)")
        }
    }

    @Test(arguments: [1, 2, 4, 8])
    func everyKindMatchesLibvips(shrink: Int) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, width, height, options) in Self.kinds {
            try Self.checkIdentity(
                try Self.makeJPEG(name, width: width, height: height, options: options, in: folder), shrink: shrink)
        }
        try Self.checkIdentity(Self.fixtures.appendingPathComponent("jpeg-kinds/chroma422.jpg").path, shrink: shrink)
    }

    @Test(arguments: ["Landscape_5.jpg", "Portrait_8.jpg"])
    func photosMatchLibvips(name: String) throws {
        try Self.checkIdentity(Self.fixtures.appendingPathComponent("exif-orientation/\(name)").path, shrink: 1)
    }

    @Test func metadataComesFromTheHeader() throws {
        let path = Self.fixtures.appendingPathComponent("exif-orientation/Landscape_6.jpg").path
        let header = try VImage.load(path, access: .sequential)
        let region = try #require(JPEGRegion.load(path, header: header, left: 10, top: 20, width: 30, height: 40))
        #expect(region.orientation == 6 && region.interpretation == header.interpretation)
        #expect(region.fieldNames.contains("exif-data"))
    }

    @Test func progressiveArithmeticCMYKAndBadRectsAreDeclined() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let progressive = try Self.makeJPEG(
            "progressive", width: 64, height: 48, options: [("interlace", .bool(true))], in: folder)
        let declined = [
            progressive, Self.fixtures.appendingPathComponent("jpeg-kinds/arithmetic.jpg").path,
            Self.fixtures.appendingPathComponent("cmyk.jpg").path,
        ]
        for path in declined {
            let header = try VImage.load(path, access: .sequential)
            #expect(JPEGRegion.load(path, header: header, left: 0, top: 0, width: 8, height: 8) == nil, "\(path)")
        }
        let plain = try Self.makeJPEG("plain", width: 64, height: 48, options: [], in: folder)
        let header = try VImage.load(plain, access: .sequential)
        #expect(JPEGRegion.load(plain, header: header, left: 60, top: 0, width: 8, height: 8) == nil)
        #expect(JPEGRegion.load(plain, header: header, left: 0, top: 0, width: 8, height: 8, shrink: 3) == nil)
    }

    @Test func aTruncatedFileFailsTheReadWithLibjpegsReason() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try Self.makeJPEG("whole", width: 300, height: 200, options: [], in: folder)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        let header = try VImage.load(path, access: .sequential)
        let top = try #require(JPEGRegion.load(path, header: header, left: 0, top: 0, width: 300, height: 40))
        #expect(try top.inMemory().width == 300)
        let bottom = try #require(JPEGRegion.load(path, header: header, left: 0, top: 150, width: 300, height: 50))
        #expect(throws: VipsError.self) { try bottom.inMemory() }
    }
}
