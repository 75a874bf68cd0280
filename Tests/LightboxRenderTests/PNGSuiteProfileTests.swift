import Foundation
import LightboxRender
import Synchronization
import Testing
import Vips

/// Every PngSuite image with an ICC profile attached, written as a PNG crop is written: where
/// libvips' PNG writer embeds the profile, the output has the very `iCCP` chunk it writes (the
/// name, the compression method and the compressed profile) and no warning is said; where it
/// would not, the output has none and a warning says why. A profile never goes silently.
@Suite struct PNGSuiteProfileTests {
    /// The bundled PngSuite.
    static let suite = CardPhotoRegionTests.fixtures.appendingPathComponent("pngsuite")

    /// The suite's images libvips reads (all but the corrupted `x*` ones), by name.
    static func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: suite.path)
            .filter { $0.hasSuffix(".png") && !$0.hasPrefix("x") }.sorted()
    }

    /// The profile in the fixture `source`: an ICC file's bytes, or an image's embedded profile.
    static func profile(_ source: String) throws -> [UInt8] {
        let path = CardPhotoRegionTests.fixtures.appendingPathComponent(source).path
        if source.hasSuffix(".icc") { return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }
        return try #require(try VImage.load(path).blobField("icc-profile-data"))
    }

    /// The data of the `iCCP` chunk of the PNG `bytes`, or nil when it has none before its image data.
    static func iCCP(_ bytes: [UInt8]) -> [UInt8]? {
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

    /// Writes `image` (read from `input`) to `output` as a crop is written; returns the file's
    /// bytes and the warnings said about it.
    static func written(_ image: VImage, to output: String, input: String) throws -> ([UInt8], [String]) {
        let warnings = Mutex<[String]>([])
        let writer = AtomicWriter(options: SaveOptions(force: true)) { line in warnings.withLock { $0.append(line) } }
        try writer.write(image, to: output, input: input)
        return ([UInt8](try Data(contentsOf: URL(fileURLWithPath: output))), warnings.withLock { $0 })
    }

    /// The HP sRGB profiles (libpng's "known incorrect sRGB profile" unless its check is skipped,
    /// as libvips skips it), an RGB profile and a grey one, on grey, grey and alpha, palette, RGB
    /// and RGBA images of every depth: each embedded in some, refused by libpng in others.
    @Test(arguments: [
        "hp-srgb/fujifilm-finepix-s1pro.jpg", "hp-srgb/htc-desire.webp", "profiles/compatibleWithAdobeRGB1998.icc",
        "profiles/Gray.icc",
    ])
    func aProfileIsEmbeddedWhereLibvipsWriterEmbedsItElseConvertedWithAWarning(source: String) throws {
        let profile = try Self.profile(source)
        let folder = NSTemporaryDirectory() + "pngsuite-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var (embedded, converted) = (0, 0)
        for name in try Self.names() {
            let input = Self.suite.appendingPathComponent(name).path
            let image = try VImage.load(input).settingBlob("icc-profile-data", profile)
            let libvips = try VOperation.call("pngsave_buffer", [("in", .image(image))], outputs: ["buffer"])
                .blob("buffer")
            let (bytes, warnings) = try Self.written(image, to: folder + "/" + name, input: input)
            if let expected = Self.iCCP(libvips) {
                #expect(expected.starts(with: Array("icc".utf8) + [0, 0]), "\(name)")
                #expect(Self.iCCP(bytes) == expected, "\(name)")
                #expect(warnings.isEmpty, "\(name): \(warnings)")
                embedded += 1
            } else {
                #expect(Self.iCCP(bytes) == nil, "\(name)")
                #expect(warnings.count == 1 && warnings[0].contains("input's ICC profile"), "\(name): \(warnings)")
                converted += 1
            }
        }
        #expect(embedded >= 30 && converted >= 30, "\(embedded) embedded, \(converted) converted")
    }
}
