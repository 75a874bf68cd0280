import Foundation
import Testing
import Vips

/// Damage shows that the region decoder really starts at a restart marker (damaged intervals
/// above a rect are never read) and declines when the markers are not as the header promises
/// (it then decodes as before, meets the damage and fails, so the caller goes to libvips): never
/// a wrong pixel.
@Suite struct JPEGRestartDamageTests {
    /// A JPEG's bytes with the offsets of its entropy data and of each restart marker in it.
    struct Markers {
        var bytes: [UInt8]
        /// Where the entropy data starts (after the SOS segment).
        let start: Int
        /// Each RSTn marker's offset (its FF byte).
        let offsets: [Int]

        init(_ path: String) throws {
            let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            var position = 2
            while data[position + 1] != 0xDA {
                position += 2 + (Int(data[position + 2]) << 8 | Int(data[position + 3]))
            }
            let start = position + 2 + (Int(data[position + 2]) << 8 | Int(data[position + 3]))
            bytes = data
            self.start = start
            offsets = (start..<(data.count - 1)).filter { data[$0] == 0xFF && (0xD0...0xD7).contains(data[$0 + 1]) }
        }

        /// The bytes with the data of intervals `0..<count` replaced by ones (a bad Huffman code,
        /// stuffed as `FF 00`), their markers kept where they were.
        func corrupting(intervals count: Int) -> [UInt8] {
            var damaged = bytes
            for interval in 0..<count {
                let first = interval == 0 ? start : offsets[interval - 1] + 2
                for offset in first..<offsets[interval] { damaged[offset] = (offset - first) % 2 == 0 ? 0xFF : 0x00 }
            }
            return damaged
        }
    }

    /// A 4:2:0 JPEG of 333x250 with a restart marker at every MCU row (16 pixel rows), in `folder`.
    static func photo(in folder: String) throws -> String {
        try JPEGRegionTests.makeJPEG(
            "restart", width: 333, height: 250,
            options: [("Q", .int(85)), ("subsample-mode", .nick("on")), ("restart-interval", .int(21))], in: folder)
    }

    /// The rows 180 to 209 of the file at `path`, decoded by the region decoder (the upsampler
    /// reads on to row 223, before the last two markers).
    static func bottom(_ path: String) throws -> VImage {
        let header = try VImage.load(path, access: .sequential, failOn: FailOn.none)
        let region = try #require(JPEGRegion.load(path, header: header, left: 20, top: 180, width: 300, height: 30))
        return try region.inMemory()
    }

    /// Writes `bytes` to `folder/name` and returns the path.
    static func write(_ bytes: [UInt8], _ name: String, in folder: String) throws -> String {
        let path = folder + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func damageAboveTheRestartMarkerIsNeverRead() throws {
        let folder = try JPEGRegionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let original = try Self.photo(in: folder)
        let markers = try Markers(original)
        #expect(markers.offsets.count == 15)
        let damaged = try Self.write(markers.corrupting(intervals: 8), "damaged.jpg", in: folder)
        let expected = try VImage.load(original).crop(left: 20, top: 180, width: 300, height: 30)
        #expect(try JPEGRegionTests.maxDifference(try Self.bottom(damaged), expected) == 0)
        let header = try VImage.load(damaged, access: .sequential, failOn: FailOn.none)
        let top = try #require(JPEGRegion.load(damaged, header: header, left: 0, top: 40, width: 100, height: 20))
        #expect(throws: VipsError.self) { try top.inMemory() }
    }

    /// A marker above the rect renumbered, removed or doubled: the jump is declined, today's
    /// decode meets the damaged intervals above and fails.
    @Test(arguments: ["renumbered", "removed", "doubled"])
    func markersNotAsPromisedAreNotJumpedThrough(change: String) throws {
        let folder = try JPEGRegionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let markers = try Markers(try Self.photo(in: folder))
        var bytes = markers.corrupting(intervals: 8)
        let marker = markers.offsets[10]
        switch change {
        case "renumbered": bytes[marker + 1] = 0xD5
        case "removed": bytes.removeSubrange(marker..<(marker + 2))
        default: bytes.insert(contentsOf: bytes[marker..<(marker + 2)], at: marker)
        }
        let path = try Self.write(bytes, "\(change).jpg", in: folder)
        #expect(throws: VipsError.self) { try Self.bottom(path) }
    }

    @Test func aDamagedMarkerBelowTheRectLeavesTodaysDecode() throws {
        let folder = try JPEGRegionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let original = try Self.photo(in: folder)
        var markers = try Markers(original)
        markers.bytes[markers.offsets[14] + 1] = 0xD3
        let path = try Self.write(markers.bytes, "late.jpg", in: folder)
        let expected = try VImage.load(original).crop(left: 20, top: 180, width: 300, height: 30)
        #expect(try JPEGRegionTests.maxDifference(try Self.bottom(path), expected) == 0)
    }

    /// Each real camera file is read from its markers: its first two fifths of intervals damaged,
    /// a rect below them is still its libvips pixels.
    @Test(arguments: ["sony-cybershot-3.jpg", "casio-ex-s1.jpg", "fujifilm-finepix1400zoom.jpg", "nikon-e950.jpg"])
    func realCameraFilesAreReadFromTheirMarkers(name: String) throws {
        let folder = try JPEGRegionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let original = JPEGRegionTests.fixtures.appendingPathComponent("restart/\(name)").path
        let markers = try Markers(original)
        let damaged = try Self.write(markers.corrupting(intervals: markers.offsets.count * 2 / 5), name, in: folder)
        let header = try VImage.load(damaged, access: .sequential, failOn: FailOn.none)
        let (width, height) = (header.width, header.height)
        let top = height * 7 / 10
        let region = try #require(
            JPEGRegion.load(damaged, header: header, left: width / 4, top: top, width: width / 2, height: height / 10))
        let expected = try VImage.load(original).crop(left: width / 4, top: top, width: width / 2, height: height / 10)
        #expect(try JPEGRegionTests.maxDifference(try region.inMemory(), expected) == 0)
    }

    @Test func progressiveAndPlainFilesHaveNoIntervalToJumpTo() throws {
        let folder = try JPEGRegionTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let progressive = try JPEGRegionTests.makeJPEG(
            "progressive", width: 64, height: 48, options: [("interlace", .bool(true)), ("restart-interval", .int(2))],
            in: folder)
        let plain = try JPEGRegionTests.makeJPEG("plain", width: 64, height: 48, options: [], in: folder)
        #expect(JPEGRegion.restartInterval(progressive) == 0)
        #expect(JPEGRegion.restartInterval(plain) == 0)
        #expect(JPEGRegion.restartInterval(folder + "/missing.jpg") == 0)
    }
}
