import Foundation
import SeededRandom
import Testing

/// Inputs whose decoders warn, made in a test from the fixtures: a JPEG whose middle is garbled
/// (libjpeg warns and decodes on) and a TIFF with 70 tags libtiff does not know, whose one strip
/// lies past the end of the file (libtiff warns 70 times, then fails).
enum WarnedInputs {
    /// libjpeg's words for the garbled JPEG.
    static let jpegWarning = "Corrupt JPEG data: premature end of data segment"

    /// How many unknown tags the failing TIFF has: one warning each.
    static let unknownTags = 70

    /// The upright landscape photo with 20 KB in the middle of its entropy-coded data overwritten
    /// by seeded garbage, its end kept, written as `name` in `scratch`.
    static func garbledJPEG(in scratch: Scratch, as name: String = "garbled.jpg") throws -> String {
        let source = CommandRunner.orientationPhotos.appendingPathComponent("Landscape_1.jpg")
        var bytes = [UInt8](try Data(contentsOf: source))
        // The scan starts after the SOS marker's segment; the last two bytes are the EOI marker.
        let marker = try #require(startOfScan(in: bytes))
        let scan = marker + 2 + (Int(bytes[marker + 2]) << 8 | Int(bytes[marker + 3]))
        let middle = (scan + bytes.count - 2) / 2
        var random = SeededRandom(seed: 40)
        for index in middle - 10_000..<middle + 10_000 {
            bytes[index] = UInt8(truncatingIfNeeded: random.next())
        }
        let path = scratch.path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The offset of the first SOS marker (`FF DA`) in `bytes`.
    private static func startOfScan(in bytes: [UInt8]) -> Int? {
        (0..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }
    }

    /// A 64x64 grey TIFF with `unknownTags` private tags (40000 and up) and its strip offset past
    /// the end of the file, written as `name` in `scratch`.
    static func warnedTIFF(in scratch: Scratch, as name: String = "warned.tif") throws -> String {
        let side: UInt32 = 64
        var entries: [(tag: UInt16, type: UInt16, value: UInt32)] = [
            (256, 3, side), (257, 3, side), (258, 3, 8), (259, 3, 1), (262, 3, 1), (273, 4, 10_000_000),
            (277, 3, 1), (278, 3, side), (279, 4, side * side),
        ]
        entries += (0..<unknownTags).map { (UInt16(40_000 + $0), 3, UInt32($0)) }
        func little<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
            withUnsafeBytes(of: value.littleEndian) { Array($0) }
        }
        var bytes: [UInt8] = Array("II".utf8) + little(UInt16(42)) + little(UInt32(8)) + little(UInt16(entries.count))
        for entry in entries {
            let value = entry.type == 3 ? little(UInt16(entry.value)) + [0, 0] : little(entry.value)
            bytes += little(entry.tag) + little(entry.type) + little(UInt32(1)) + value
        }
        bytes += little(UInt32(0)) + [UInt8](repeating: 0x80, count: Int(side * side))
        let path = scratch.path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
}
