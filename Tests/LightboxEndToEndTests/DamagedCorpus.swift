import Foundation
import SeededRandom
import Vips

/// A corpus of damaged photos made from the fixtures with a seeded generator, the same on every
/// run: JPEG (baseline, progressive, CMYK, 4:2:2, arithmetic, with restart markers and an ICC
/// profile), PNG (8 and 16 bits, alpha, interlaced), HEIC (a real iPhone grid, a thumbnailed
/// one), TIFF (LZW strips, deflate tiles), GIF and WebP, each cut short, with bits flipped, a
/// run zeroed or overwritten, or a slice repeated; the healthy originals are among them.
enum DamagedCorpus {
    /// One input of the corpus: its file name and whether it is an undamaged original.
    struct Input {
        /// The file's name in the corpus folder.
        let name: String
        /// Whether it is an original (so it decodes whole).
        let healthy: Bool
    }

    /// The originals: fixtures as they are, and images made from them in other formats.
    static func originals(in folder: URL) throws -> [String] {
        let fixtures = CommandRunner.fixtures
        let copied = [
            "photo.jpg", "icc.jpg", "cmyk.jpg", "jpeg-kinds/chroma422.jpg", "jpeg-kinds/arithmetic.jpg",
            "pattern.png", "alpha.png", "deep16.png", "thumbnailed.heic", "heif/phone-part.heic",
            "heif/grid-plain.heic",
        ]
        var names: [String] = []
        for (index, name) in copied.enumerated() {
            let target = "o\(index)-" + (name as NSString).lastPathComponent
            try FileManager.default.copyItem(
                at: fixtures.appendingPathComponent(name), to: folder.appendingPathComponent(target))
            names.append(target)
        }
        let photo = try VImage.load(fixtures.appendingPathComponent("exif-orientation/Landscape_6.jpg").path)
        let pattern = try VImage.load(fixtures.appendingPathComponent("pattern.png").path)
        let made: [(String, VImage, [(String, VValue)])] = [
            ("m-progressive.jpg", photo, [("interlace", .bool(true)), ("Q", .int(80))]),
            ("m-restart.jpg", photo, [("restart-interval", .int(2)), ("Q", .int(85))]),
            ("m-interlaced.png", pattern, [("interlace", .bool(true))]),
            ("m-lzw.tif", photo, [("compression", .nick("lzw"))]),
            ("m-tiled.tif", pattern, [("compression", .nick("deflate")), ("tile", .bool(true))]),
            ("m-still.gif", pattern, []),
            ("m-lossy.webp", photo, [("Q", .int(70))]),
        ]
        for (name, image, options) in made {
            let path = folder.appendingPathComponent(name).path
            try image.save(to: path, saver: Vips.saver(for: path), options: options)
            names.append(name)
        }
        return names
    }

    /// Makes `perOriginal` damaged copies of every original in `folder` (seeded by `seed`), and
    /// returns every input, originals included.
    static func make(in folder: URL, perOriginal: Int, seed: UInt64 = 28) throws -> [Input] {
        var random = SeededRandom(seed: seed)
        var inputs: [Input] = []
        for original in try originals(in: folder) {
            inputs.append(Input(name: original, healthy: true))
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(original)))
            for index in 0..<perOriginal {
                let (kind, damaged) = damage(bytes, kind: index % 5, random: &random)
                let name = "d\(index)-\(kind)-\(original)"
                try Data(damaged).write(to: folder.appendingPathComponent(name))
                inputs.append(Input(name: name, healthy: false))
            }
        }
        return inputs
    }

    /// `bytes` damaged one way: cut short, bits flipped, a run zeroed, a run overwritten with
    /// random bytes, or a slice repeated; the name of the way and the damaged bytes. The first
    /// eighth (headers) is mostly spared, so most files still open and fail while decoding.
    static func damage(_ bytes: [UInt8], kind: Int, random: inout SeededRandom) -> (String, [UInt8]) {
        let count = bytes.count
        func position(from: Double, to: Double) -> Int {
            min(count - 1, Int((from + (to - from) * random.unit()) * Double(count)))
        }
        var damaged = bytes
        switch kind {
        case 0:
            return ("cut", Array(bytes.prefix(position(from: 0.15, to: 0.97))))
        case 1:
            for _ in 0..<(1 + Int(random.next() % 4)) {
                damaged[position(from: 0.125, to: 1)] ^= UInt8(1 << (random.next() % 8))
            }
            return ("flip", damaged)
        case 2:
            let start = position(from: 0.2, to: 0.9)
            let end = min(count, start + 16 + Int(random.next() % 2048))
            damaged.replaceSubrange(start..<end, with: [UInt8](repeating: 0, count: end - start))
            return ("zero", damaged)
        case 3:
            let start = position(from: 0.125, to: 0.9)
            let end = min(count, start + 8 + Int(random.next() % 256))
            for index in start..<end { damaged[index] = UInt8(truncatingIfNeeded: random.next()) }
            return ("noise", damaged)
        default:
            let start = position(from: 0.2, to: 0.8)
            let length = min(count - start, 64 + Int(random.next() % 4096))
            damaged.insert(contentsOf: bytes[start..<start + length], at: position(from: 0.2, to: 0.95))
            return ("repeat", damaged)
        }
    }
}
