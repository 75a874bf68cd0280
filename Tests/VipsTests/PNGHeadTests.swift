import CPng
import Foundation
import Testing

@testable import Vips

/// The encoder's chunks before the image data are libvips' pngsave's, byte for byte, for every
/// kind of metadata it writes (ICC profile, XMP, EXIF, comments) or leaves out (`strip`, a
/// profile libpng refuses); the EXIF block comes once, before the data.
@Suite struct PNGHeadTests {
    /// One chunk: length, type, data, CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        let crc = typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }
        return PNGFile.bigEndian(UInt32(data.count)) + typed + PNGFile.bigEndian(UInt32(truncatingIfNeeded: crc))
    }

    /// A 4x3 RGB PNG with three comments (one keyed in Latin-1), XMP (iTXt) and EXIF (eXIf,
    /// orientation 6), made here.
    static func annotated() throws -> String {
        let header = PNGFile.bigEndian(4) + PNGFile.bigEndian(3) + [8, 2, 0, 0, 0]
        var rows: [UInt8] = []
        for y in 0..<3 {
            rows.append(0)
            for x in 0..<12 { rows.append(UInt8((x * 20 + y * 60) % 256)) }
        }
        var packed = [UInt8](repeating: 0, count: 128)
        var length = UInt(packed.count)
        #expect(compress(&packed, &length, rows, UInt(rows.count)) == Z_OK)
        let xmp =
            Array("XML:com.adobe.xmp".utf8) + [0, 0, 0, 0, 0] + Array("<x:xmpmeta xmlns:x='adobe:ns:meta/'/>".utf8)
        let exif: [UInt8] = [
            0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0,
        ]
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
        file += chunk("tEXt", Array("Comment\0hello".utf8)) + chunk("tEXt", Array("Title\0Lightbox".utf8))
        file += chunk("tEXt", Array("Caf".utf8) + [0xE9, 0] + Array("a key in Latin-1, not UTF-8".utf8))
        file += chunk("iTXt", xmp) + chunk("eXIf", exif)
        file += chunk("IDAT", Array(packed.prefix(Int(length)))) + chunk("IEND", [])
        let path = PNGEncoderTests.temporary()
        try Data(file).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The bytes of the PNG at `path` before its first IDAT chunk, and the chunk types after its last.
    static func split(_ path: String) throws -> (head: [UInt8], after: [String]) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let chunks = try PNGEncoderTests.chunks(path)
        let first = try #require(chunks.firstIndex { $0.type == "IDAT" })
        let last = try #require(chunks.lastIndex { $0.type == "IDAT" })
        let headLength = 8 + chunks[..<first].reduce(0) { $0 + 12 + $1.data.count }
        return (Array(bytes.prefix(headLength)), chunks[(last + 1)...].map(\.type))
    }

    /// Saves `image` with libvips' pngsave and with the encoder (`strip` either way) and compares.
    static func expectSameHead(_ image: VImage, strip: Bool) throws -> [String] {
        let (ours, theirs) = (PNGEncoderTests.temporary(), PNGEncoderTests.temporary())
        defer { for path in [ours, theirs] { try? FileManager.default.removeItem(atPath: path) } }
        try image.save(to: theirs, saver: "pngsave", options: [("strip", .bool(strip))])
        let encoder = try #require(PNGEncoder(image, arguments: [("strip", .bool(strip))]))
        try encoder.write(to: ours)
        let (mine, libvips) = (try split(ours), try split(theirs))
        #expect(mine.head == libvips.head)
        #expect(mine.after == ["IEND"])
        #expect(try JPEGRegionTests.maxDifference(try VImage.load(ours), try VImage.load(theirs)) == 0)
        return try PNGEncoderTests.chunks(ours).map(\.type).filter { $0 != "IDAT" }
    }

    @Test(arguments: [false, true])
    func commentsXMPAndEXIFAreWrittenAsPngsaveWritesThem(strip: Bool) throws {
        let path = try Self.annotated()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let image = try VImage.load(path)
        #expect(image.fieldNames.contains("exif-data") && image.fieldNames.contains("xmp-data"))
        let types = try Self.expectSameHead(image, strip: strip)
        #expect(
            types
                == (strip
                    ? ["IHDR", "pHYs", "IEND"] : ["IHDR", "eXIf", "pHYs", "zTXt", "zTXt", "zTXt", "zTXt", "IEND"]))
    }

    @Test(arguments: ["icc.jpg", "exif-orientation/Landscape_6.jpg", "deep16.png", "alpha.png"])
    func profilesAndPhotosKeepPngsavesHead(name: String) throws {
        let image = try VImage.load(JPEGRegionTests.fixtures.appendingPathComponent(name).path)
        for strip in [false, true] { _ = try Self.expectSameHead(image, strip: strip) }
    }

    /// The common HP sRGB profiles, which libpng refuses as "known incorrect" unless its sRGB
    /// check is skipped, are embedded as pngsave embeds them (it skips the check), the same bytes,
    /// and the check before saving finds nothing wrong with them.
    @Test(arguments: ["fujifilm-finepix-s1pro.jpg", "htc-desire.webp", "iccp-missing-adler32.png"])
    func hpSRGBProfilesAreEmbeddedAsPngsaveEmbedsThem(name: String) throws {
        let image = try VImage.load(JPEGRegionTests.fixtures.appendingPathComponent("hp-srgb/\(name)").path)
        let profile = try #require(image.blobField("icc-profile-data"))
        #expect(profile.count == 3144)
        #expect(PNGProfileCheck.problem(with: profile, like: image) == nil)
        #expect(try Self.expectSameHead(image, strip: false).contains("iCCP"))
        let path = PNGEncoderTests.temporary()
        defer { try? FileManager.default.removeItem(atPath: path) }
        try #require(PNGEncoder(image, arguments: [])).write(to: path)
        let written = try #require(try PNGEncoderTests.chunks(path).first { $0.type == "iCCP" })
        #expect(written.data.prefix(5) == [0x69, 0x63, 0x63, 0, 0], "the name icc, compression method 0")
        #expect(try VImage.load(path).blobField("icc-profile-data") == profile)
    }

    /// A profile libpng refuses (junk in a JPEG's ICC marker, which libjpeg passes on) is left out
    /// by both writers, the image still written.
    @Test func aProfileLibpngRefusesIsLeftOutAsPngsaveLeavesItOut() throws {
        let source = [UInt8](try Data(contentsOf: JPEGRegionTests.fixtures.appendingPathComponent("photo.jpg")))
        let junk = Array("ICC_PROFILE".utf8) + [0, 1, 1] + [UInt8](repeating: 0x41, count: 300)
        let marker: [UInt8] = [0xFF, 0xE2, UInt8((junk.count + 2) >> 8), UInt8((junk.count + 2) & 0xFF)] + junk
        let path = PNGEncoderTests.temporary() + ".jpg"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(Array(source.prefix(2)) + marker + Array(source.dropFirst(2))).write(to: URL(fileURLWithPath: path))
        let image = try VImage.load(path)
        #expect(image.hasField("icc-profile-data"))
        let types = try Self.expectSameHead(image, strip: false)
        #expect(!types.contains("iCCP"))
    }
}
