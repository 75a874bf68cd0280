import Foundation
import Testing

@testable import Vips

/// Lightbox's JPEG writer writes the bytes libvips' jpegsave writes with `strip`, for every
/// option it takes, and leaves everything else to libvips.
@Suite struct JPEGEncoderTests {
    /// A temporary file name ending in `.jpg`.
    static func temporary() -> String {
        NSTemporaryDirectory() + "lightbox-jpeg-\(UUID().uuidString).jpg"
    }

    /// The file jpegsave writes of `image` with `arguments`, and the one the encoder writes.
    static func both(_ image: VImage, _ arguments: [(String, VValue)]) throws -> (ours: Data, libvips: Data) {
        let (ours, theirs) = (temporary(), temporary())
        defer { for path in [ours, theirs] { try? FileManager.default.removeItem(atPath: path) } }
        try image.save(to: theirs, saver: "jpegsave", options: arguments)
        let encoder = try #require(JPEGEncoder(image, arguments: arguments))
        try encoder.write(to: ours)
        return (try Data(contentsOf: URL(fileURLWithPath: ours)), try Data(contentsOf: URL(fileURLWithPath: theirs)))
    }

    @Test(
        arguments: [
            [], [("Q", VValue.int(95))], [("Q", .int(90))], [("Q", .int(89))], [("Q", .int(1))],
            [("subsample_mode", .nick("off"))], [("Q", .int(95)), ("subsample_mode", .nick("on"))],
            [("interlace", .bool(true))], [("optimize_coding", .bool(true)), ("Q", .int(60))],
            [("restart_interval", .int(0))],
        ] as [[(String, VValue)]], [3, 1])
    func theBytesAreJpegsaves(arguments: [(String, VValue)], bands: Int) throws {
        for (width, height) in [(1, 1), (37, 23), (640, 480)] {
            let image = try TwoPassScaleTests.noise(width: width, height: height, bands: bands, seed: width)
            let (ours, libvips) = try Self.both(image, [("strip", .bool(true))] + arguments)
            #expect(ours == libvips, "\(width)x\(height), \(bands) bands, \(arguments)")
        }
    }

    /// A crop of a lazily computed picture is made on the calling thread as libvips makes it.
    @Test func aCropOfAPipelineIsWrittenAsJpegsaveWritesIt() throws {
        let photo = try PNGEncoderTests.picture(width: 300, height: 200, bands: 3)
        let cropped = try photo.crop(left: 17, top: 9, width: 101, height: 77)
        let (ours, libvips) = try Self.both(cropped, [("strip", .bool(true)), ("Q", .int(88))])
        #expect(ours == libvips)
    }

    /// What the encoder leaves to libvips: metadata or a profile to write (no `strip`), options
    /// it does not take, alpha, CMYK, other formats, and pictures over `maximumPixels`.
    @Test func everythingElseGoesToLibvips() throws {
        let small = try TwoPassScaleTests.noise(width: 8, height: 8, bands: 3, seed: 1)
        let strip: [(String, VValue)] = [("strip", .bool(true))]
        #expect(JPEGEncoder(small, arguments: strip) != nil)
        #expect(JPEGEncoder(small, arguments: []) == nil)
        #expect(JPEGEncoder(small, arguments: strip + [("strip", .bool(false))]) == nil)
        #expect(JPEGEncoder(small, arguments: strip + [("trellis_quant", .bool(true))]) == nil)
        #expect(JPEGEncoder(small, arguments: strip + [("restart_interval", .int(4))]) == nil)
        #expect(JPEGEncoder(small, arguments: strip + [("profile", .bool(false))]) == nil)
        let cmyk = try TwoPassScaleTests.noise(width: 8, height: 8, bands: 4, seed: 1)
        #expect(JPEGEncoder(cmyk, arguments: strip) == nil)
        #expect(JPEGEncoder(try small.bandjoin([try small.band(0)]), arguments: strip) == nil)
        #expect(JPEGEncoder(try small.cast("ushort"), arguments: strip) == nil)
        let side = Int(Double(JPEGEncoder.maximumPixels).squareRoot()) + 1
        let large = try VImage.filled(width: side, height: side, color: [1, 2, 3])
        #expect(JPEGEncoder(large, arguments: strip) == nil)
    }

    /// A file that cannot be made says so with the system's reason, as a failed write is read.
    @Test func aFileThatCannotBeMadeSaysWhy() throws {
        let small = try TwoPassScaleTests.noise(width: 8, height: 8, bands: 3, seed: 1)
        let encoder = try #require(JPEGEncoder(small, arguments: [("strip", .bool(true))]))
        do {
            try encoder.write(to: "/nonexistent-folder/x.jpg")
            Issue.record("a file was written in a folder that does not exist")
        } catch {
            #expect(error.message.contains("unix error: No such file or directory"), "\(error.message)")
        }
    }
}
