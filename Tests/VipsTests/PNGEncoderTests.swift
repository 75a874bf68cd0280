import CPng
import Foundation
import Testing

@testable import Vips

/// Lightbox's PNG encoder writes every kind Lightbox saves as PNG with the very pixels libvips
/// reads back, one valid zlib stream across its strips (the Adler-32 combined right), at every
/// compression level.
@Suite struct PNGEncoderTests {
    /// `operation` on `arguments`' images, one output.
    static func call(_ operation: String, _ arguments: [(String, VValue)]) throws -> VImage {
        try VOperation.call(operation, arguments).image()
    }

    /// A picture of `width` by `height` with `bands` bands (alpha a gradient) at 8 or 16 bits: its
    /// top half photo-like (the pattern fixture and noise: filtered strips), its bottom half a black
    /// backdrop with sparse specks of 1 (rows best left unfiltered: plain strips).
    static func picture(width: Int, height: Int, bands: Int, deep: Bool = false) throws -> VImage {
        let pattern = try VImage.load(JPEGRegionTests.fixtures.appendingPathComponent("pattern.png").path)
        let tiled = try call(
            "replicate",
            [
                ("in", .image(pattern)), ("across", .int(width / pattern.width + 1)),
                ("down", .int(height / pattern.height + 1)),
            ]
        ).crop(left: 0, top: 0, width: width, height: height).band(0, count: 3)
        let noise = try call("gaussnoise", [("width", .int(width)), ("height", .int(height)), ("sigma", .double(12))])
        let photo = try call("add", [("left", .image(tiled)), ("right", .image(noise))])
        let specks = try call(
            "relational_const", [("in", .image(noise)), ("relational", .nick("moreeq")), ("c", .doubles([140]))])
        let dark = try call("linear", [("in", .image(specks)), ("a", .doubles([1.0 / 255])), ("b", .doubles([0]))])
        let y = try call("xyz", [("width", .int(width)), ("height", .int(height))]).band(1)
        let top = try call(
            "relational_const",
            [("in", .image(y)), ("relational", .nick("less")), ("c", .doubles([Double(height / 2)]))]
        )
        var image = try call("ifthenelse", [("cond", .image(top)), ("in1", .image(photo)), ("in2", .image(dark))])
        let scale = deep ? 257.0 : 1
        image = try call("linear", [("in", .image(image)), ("a", .doubles([scale])), ("b", .doubles([0]))])
        if bands <= 2 { image = try image.band(1) }
        if bands == 2 || bands == 4 {
            let alpha = try call(
                "linear", [("in", .image(y)), ("a", .doubles([scale * 255 / Double(height)])), ("b", .doubles([0]))])
            image = try image.bandjoin([alpha])
        }
        let format = deep ? "ushort" : "uchar"
        let interpretation = deep ? (bands <= 2 ? "grey16" : "rgb16") : (bands <= 2 ? "b-w" : "srgb")
        return try image.cast(format).interpreted(interpretation)
    }

    /// A temporary file name ending in `.png`.
    static func temporary() -> String {
        NSTemporaryDirectory() + "lightbox-png-\(UUID().uuidString).png"
    }

    /// Each chunk of the PNG file at `path`: its type and data; the CRCs checked.
    static func chunks(_ path: String) throws -> [(type: String, data: [UInt8])] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        var chunks: [(type: String, data: [UInt8])] = []
        var position = 8
        while position + 12 <= bytes.count {
            let length = bytes[position..<position + 4].reduce(0) { $0 << 8 | Int($1) }
            let typed = Array(bytes[(position + 4)..<(position + 8 + length)])
            let stored = bytes[(position + 8 + length)..<(position + 12 + length)].reduce(UInt(0)) {
                $0 << 8 | UInt($1)
            }
            #expect(typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) } == stored)
            chunks.append((String(decoding: typed.prefix(4), as: UTF8.self), Array(typed.dropFirst(4))))
            position += 12 + length
        }
        #expect(position == bytes.count && chunks.last?.type == "IEND")
        return chunks
    }

    /// The IDAT chunks' data joined, inflated by zlib, which checks the stream and its Adler-32;
    /// nil when zlib refuses it.
    static func inflated(_ path: String, expected: Int) throws -> [UInt8]? {
        let stream = try chunks(path).filter { $0.type == "IDAT" }.flatMap(\.data)
        var output = [UInt8](repeating: 0, count: expected + 1)
        var length = UInt(output.count)
        let status = uncompress(&output, &length, stream, UInt(stream.count))
        return status == Z_OK ? Array(output.prefix(Int(length))) : nil
    }

    /// Writes `image` with the encoder at `options` and checks it against libvips' reading.
    @discardableResult
    static func roundTrip(_ image: VImage, compression: Int? = nil) throws -> String {
        let path = temporary()
        let level = compression.map { [("compression", VValue.int($0))] } ?? []
        let encoder = try #require(PNGEncoder(image, arguments: [("strip", .bool(true))] + level))
        try encoder.write(to: path)
        let read = try VImage.load(path)
        #expect(read.width == image.width && read.height == image.height && read.bands == image.bands)
        #expect(read.format == image.format && read.interpretation == image.interpretation)
        #expect(try JPEGRegionTests.maxDifference(read, image) == 0, "\(image.bands) bands \(image.format)")
        let rowBytes = image.width * image.bands * (image.format == "ushort" ? 2 : 1)
        #expect(try inflated(path, expected: (rowBytes + 1) * image.height)?.count == (rowBytes + 1) * image.height)
        return path
    }

    /// Every kind, in several strips, one IDAT chunk each; in colour, the photo-like rows filtered
    /// (Up or Paeth), the specked black ones left unfiltered.
    @Test(arguments: [1, 2, 3, 4], [false, true])
    func everyKindReadsBackIdentical(bands: Int, deep: Bool) throws {
        let image = try Self.picture(width: 1301, height: 1217, bands: bands, deep: deep).inMemory()
        let path = try Self.roundTrip(image)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let chunks = try Self.chunks(path)
        #expect(chunks.first?.type == "IHDR" && chunks.first?.data[8] == (deep ? 16 : 8))
        #expect(chunks.first?.data[9] == [0, 4, 2, 6][bands - 1])
        let rowBytes = 1301 * bands * (deep ? 2 : 1)
        let strips = (1217 + PNGStrips.stripBytes / rowBytes - 1) / (PNGStrips.stripBytes / rowBytes)
        #expect(chunks.filter { $0.type == "IDAT" }.count == strips && strips >= 3)
        let data = try #require(try Self.inflated(path, expected: (rowBytes + 1) * 1217))
        let types = (0..<1217).map { data[$0 * (rowBytes + 1)] }
        #expect(types[0] == 0 && types.allSatisfy { [0, 2, 4].contains($0) })
        guard bands == 3 else { return }
        #expect(types[1..<300].allSatisfy { $0 == 2 || $0 == 4 }, "\(types[0..<300])")
        #expect(types[1000...].allSatisfy { $0 == 0 }, "\(types[1000...])")
    }

    /// Strip boundaries: one row, one column, a strip exactly, one row past it, and a large image.
    @Test(arguments: [(5000, 1), (1, 3000), (1024, 170), (1024, 171), (1024, 341), (4000, 3000)])
    func stripBoundariesReadBackIdentical(size: (Int, Int)) throws {
        let image = try Self.picture(width: size.0, height: size.1, bands: 3).inMemory()
        let path = try Self.roundTrip(image)
        try FileManager.default.removeItem(atPath: path)
    }

    @Test func everyCompressionLevelReadsBackIdenticalAndTheLevelsOrderTheSizes() throws {
        let image = try Self.picture(width: 640, height: 1900, bands: 3).inMemory()
        var sizes: [Int] = []
        for level in 0...9 {
            let path = try Self.roundTrip(image, compression: level)
            sizes.append(try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int)
            try FileManager.default.removeItem(atPath: path)
        }
        #expect(sizes[0] > 640 * 3 * 1900 && sizes[1] < sizes[0] / 2, "\(sizes)")
        #expect(sizes[9] < sizes[6] && sizes[6] <= sizes[1], "\(sizes)")
    }

    @Test(
        arguments: [
            ([], 6), ([("compression", .int(0))], 0), ([("compression", .int(9))], 9), ([("strip", .bool(true))], 6),
            ([("compression", .int(10))], nil), ([("interlace", .bool(true))], nil),
            ([("compression", .int(3)), ("interlace", .bool(true))], nil), ([("filter", .nick("none"))], nil),
        ] as [([(String, VValue)], Int?)])
    func onlyTheCompressionOptionIsTakenTheRestGoesToLibvips(arguments: [(String, VValue)], level: Int?) throws {
        let image = try VImage.filled(width: 4, height: 4, color: [1, 2, 3])
        #expect(PNGEncoder(image, arguments: arguments)?.compression == level)
    }

    /// What pngsave writes without converting first: the encoder takes it; the rest goes to libvips.
    @Test(
        arguments: [
            ("uchar", "srgb", 3, 8), ("uchar", "srgb", 1, 8), ("uchar", "b-w", 2, 8), ("uchar", "multiband", 1, 8),
            ("uchar", "b-w", 3, nil), ("uchar", "cmyk", 4, nil), ("uchar", "rgb16", 3, nil), ("ushort", "rgb16", 4, 16),
            ("ushort", "grey16", 1, 16), ("ushort", "grey16", 3, nil), ("ushort", "srgb", 3, nil),
            ("float", "scrgb", 3, nil),
        ] as [(String, String, Int, Int?)])
    func theKindsTakenAreThosePngsaveWritesAsTheyAre(kind: (String, String, Int, Int?)) {
        #expect(PNGEncoder.depth(format: kind.0, interpretation: kind.1, bands: kind.2) == kind.3)
    }
}
