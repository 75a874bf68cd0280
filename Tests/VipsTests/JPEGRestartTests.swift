import CJpeg
import Foundation
import Testing
import Vips

/// The region decoder starts at the restart marker before a rect's first rows: the same pixels
/// as libvips for every interval (a whole MCU row, several, a part of one, one that does not
/// divide a row), chroma layout and shrink, and today's decode whenever the markers are not
/// exactly as the header promises.
@Suite struct JPEGRestartTests {
    /// The offset `lbx_jpeg_restart_locate` gives for interval `wanted` of `bytes` (entropy data
    /// from offset 0), or -1 when it declines.
    static func locate(_ bytes: [UInt8], intervals: UInt, wanted: UInt) throws -> Int {
        let path = NSTemporaryDirectory() + "lightbox-restart-\(UUID().uuidString)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        return lbx_jpeg_restart_locate(descriptor, 0, intervals, wanted)
    }

    /// Entropy data, how many intervals the header promises, the interval asked for, and where it
    /// starts (-1: declined).
    static let scans: [(String, [UInt8], UInt, UInt, Int)] = [
        ("the first interval", [1, 2, 0xFF, 0xD0, 3, 0xFF, 0x00, 4, 0xFF, 0xD1, 5, 0xFF, 0xD9], 3, 0, 0),
        ("after RST0", [1, 2, 0xFF, 0xD0, 3, 0xFF, 0x00, 4, 0xFF, 0xD1, 5, 0xFF, 0xD9], 3, 1, 4),
        ("after RST1, past a stuffed FF", [1, 2, 0xFF, 0xD0, 3, 0xFF, 0x00, 4, 0xFF, 0xD1, 5, 0xFF, 0xD9], 3, 2, 10),
        ("fill bytes before a marker", [1, 0xFF, 0xFF, 0xFF, 0xD0, 2, 0xFF, 0xD9], 2, 1, 5),
        ("RST1 where RST0 belongs", [1, 0xFF, 0xD1, 2, 0xFF, 0xD9], 2, 1, -1),
        ("a marker missing", [1, 0xFF, 0xD0, 2, 0xFF, 0xD9], 3, 1, -1),
        ("a marker too many", [1, 0xFF, 0xD0, 2, 0xFF, 0xD1, 3, 0xFF, 0xD9], 2, 1, -1),
        ("another marker in the data", [1, 0xFF, 0xD0, 2, 0xFF, 0xC4, 3, 0xFF, 0xD9], 2, 1, -1),
        ("no end of image", [1, 0xFF, 0xD0, 2, 3], 2, 1, -1),
        ("one more marker just before the end", [1, 0xFF, 0xD0, 2, 0xFF, 0xD1, 0xFF, 0xD9], 2, 1, 3),
        ("data after the marker before the end", [1, 0xFF, 0xD0, 2, 0xFF, 0xD1, 3, 0xFF, 0xD9], 2, 1, -1),
        ("two markers after the last interval", [1, 0xFF, 0xD0, 2, 0xFF, 0xD1, 0xFF, 0xD2, 0xFF, 0xD9], 2, 1, -1),
        ("an interval past the last", [1, 0xFF, 0xD0, 2, 0xFF, 0xD9], 2, 2, -1),
        (
            "the numbers wrap after RST7", (0..<9).flatMap { [UInt8(7), 0xFF, 0xD0 + UInt8($0 % 8)] } + [0xFF, 0xD9],
            10, 9, 27
        ),
    ]

    @Test(arguments: scans)
    func theByteScanFindsTheIntervalOrDeclines(scan: (String, [UInt8], UInt, UInt, Int)) throws {
        #expect(try Self.locate(scan.1, intervals: scan.2, wanted: scan.3) == scan.4, "\(scan.0)")
    }

    @Test func aMarkerSplitAcrossTwoReadsIsFound() throws {
        var bytes = [UInt8](repeating: 0x55, count: 70_000)
        bytes[65_535] = 0xFF
        bytes[65_536] = 0xD0
        bytes += [0xFF, 0xD9]
        #expect(try Self.locate(bytes, intervals: 2, wanted: 1) == 65_537)
    }

    /// JPEGs made here: name, size, chroma, restart interval. At 4:2:0 a 333-pixel row is 21 MCUs,
    /// at 4:4:4 301 pixels 38, in grey 211 pixels 27.
    static let kinds: [(String, Int, Int, String, Int)] = [
        ("420-row", 333, 250, "on", 21), ("420-two-rows", 333, 250, "on", 42), ("420-third", 333, 250, "on", 7),
        ("420-unaligned", 333, 250, "on", 8), ("420-one", 333, 250, "on", 1), ("444-row", 301, 217, "off", 38),
        ("444-unaligned", 301, 217, "off", 5), ("grey-row", 211, 173, "grey", 27),
        ("grey-unaligned", 211, 173, "grey", 4),
    ]

    /// Makes kind `kind` in `folder`.
    static func make(_ kind: (String, Int, Int, String, Int), in folder: String) throws -> String {
        let chroma: [(String, VValue)] = kind.3 == "grey" ? [] : [("subsample-mode", .nick(kind.3))]
        return try JPEGRegionTests.makeJPEG(
            kind.3 == "grey" ? "grey" : kind.0, width: kind.1, height: kind.2,
            options: [("Q", .int(85)), ("restart-interval", .int(kind.4))] + chroma, in: folder)
    }

    @Test(arguments: [1, 2, 4, 8])
    func everyIntervalMatchesLibvips(shrink: Int) throws {
        let folder = try JPEGRegionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for kind in Self.kinds {
            let path = try Self.make(kind, in: folder)
            #expect(JPEGRegion.restartInterval(path) == kind.4)
            try JPEGRegionTests.checkIdentity(path, shrink: shrink)
            try FileManager.default.removeItem(atPath: path)
        }
    }

    @Test(arguments: ["sony-cybershot-3.jpg", "casio-ex-s1.jpg", "fujifilm-finepix1400zoom.jpg", "nikon-e950.jpg"])
    func realCameraFilesMatchLibvips(name: String) throws {
        let path = JPEGRegionTests.fixtures.appendingPathComponent("restart/\(name)").path
        #expect(JPEGRegion.restartInterval(path) > 0)
        for shrink in [1, 2] { try JPEGRegionTests.checkIdentity(path, shrink: shrink) }
    }
}
