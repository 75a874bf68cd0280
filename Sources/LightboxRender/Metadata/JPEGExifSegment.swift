import Foundation

/// The EXIF segment (APP1 `Exif\0\0`) of a JPEG file libvips just wrote, cut out of its header.
///
/// libvips 8.14's `jpegsave` writes an EXIF block whenever it writes the ICC profile (it makes
/// one up, orientation, 72 dpi and size, when the image has none), and has no option to write
/// the profile alone. libjpeg has no call to drop one marker short of re-encoding every
/// coefficient (jpegtran's way), so the segment is cut from the header by its length: only the
/// marker segments before the first scan are walked, and anything unexpected leaves the file as it is.
enum JPEGExifSegment {
    /// `bytes` without its APP1 EXIF segments, or nil when it has none or is not a JPEG laid out as expected.
    static func removed(from bytes: Data) -> Data? {
        let data = [UInt8](bytes)
        guard data.count > 4, data[0] == 0xFF, data[1] == 0xD8 else { return nil }
        var cuts: [Range<Int>] = []
        var position = 2
        while position + 4 <= data.count {
            guard data[position] == 0xFF else { return nil }
            let marker = data[position + 1]
            if marker == 0xFF {
                position += 1
                continue
            }
            if marker == 0xDA { break }
            let length = Int(data[position + 2]) << 8 | Int(data[position + 3])
            guard length >= 2, position + 2 + length <= data.count else { return nil }
            let payload = data[(position + 4)..<(position + 2 + length)]
            if marker == 0xE1, payload.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) {
                cuts.append(position..<(position + 2 + length))
            }
            position += 2 + length
        }
        guard !cuts.isEmpty else { return nil }
        var kept = data
        for cut in cuts.reversed() { kept.removeSubrange(cut) }
        return Data(kept)
    }
}
