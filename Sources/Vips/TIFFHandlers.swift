import CVips

/// libtiff's error and warning handlers, which are one pair for the whole process, kept libvips'
/// in every job.
///
/// libvips sets them to its own (libtiff's words into libvips' error buffer) each time it sniffs a
/// TIFF; ImageMagick sets them to its own once, the first time it reads a TIFF (its words in its
/// own exception, which libvips' magick loader then quotes). So a damaged TIFF that only
/// ImageMagick would read was reported one way in the job of a worker that first met
/// ImageMagick's TIFF reader, and the other way in every later job of that worker. ImageMagick is
/// made to read a tiny TIFF as soon as its module is loaded (`settle`), and libvips' handlers are
/// set back then and at the start of every job (`restoreLibvips`).
enum TIFFHandlers {
    /// A 1x1 8-bit grey uncompressed TIFF: header, one directory of nine one-value entries, the pixel.
    static let sample: [UInt8] = {
        let entries: [(tag: UInt16, type: UInt16, value: UInt32)] = [
            (256, 3, 1), (257, 3, 1), (258, 3, 8), (259, 3, 1), (262, 3, 1), (273, 4, 8 + 2 + 9 * 12 + 4),
            (277, 3, 1), (278, 3, 1), (279, 4, 1),
        ]
        func little<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
            withUnsafeBytes(of: value.littleEndian) { Array($0) }
        }
        var bytes: [UInt8] = Array("II".utf8) + little(UInt16(42)) + little(UInt32(8)) + little(UInt16(entries.count))
        for entry in entries {
            bytes += little(entry.tag) + little(entry.type) + little(UInt32(1)) + little(entry.value)
        }
        return bytes + little(UInt32(0)) + [0x80]
    }()

    /// Sets libvips' handlers back, by letting libvips sniff the sample (it installs them each time).
    static func restoreLibvips() {
        vips_error_freeze()
        defer { vips_error_thaw() }
        _ = sample.withUnsafeBytes { vips_foreign_find_load_buffer($0.baseAddress, $0.count) }
    }

    /// Lets ImageMagick install its handlers now, if its loader is there, then sets libvips' back.
    static func settle() {
        vips_error_freeze()
        if vips_type_find("VipsOperation", "magickload_buffer") != 0 {
            _ = try? VOperation.call("magickload_buffer", [("buffer", .blob(sample))], cached: false).image()
        }
        vips_error_thaw()
        restoreLibvips()
    }
}
