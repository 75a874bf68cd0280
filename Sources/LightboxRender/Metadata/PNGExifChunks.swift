import Foundation

/// The eXIf chunks of a PNG file libvips just wrote, made one chunk before the image data.
///
/// libvips 8.14 hands libpng the EXIF block once (`png_set_eXIf_1`), and libpng 1.6.39 writes
/// it twice: in `png_write_info`, before IDAT, and again in `png_write_end`, after it (libpng
/// issue 480, fixed in 1.6.40; Debian bookworm ships 1.6.39). exiftool warns of the second, and
/// PNG 3 wants eXIf before IDAT. Chunks move whole, so no CRC changes; a file laid out otherwise
/// than expected is left as it is.
enum PNGExifChunks {
    /// `bytes` with the first eXIf chunk alone, where it was or else just before the first IDAT;
    /// nil when there is nothing to change or `bytes` is not a PNG laid out as expected.
    static func deduplicated(_ bytes: Data) -> Data? {
        let data = [UInt8](bytes)
        guard let chunks = chunks(of: data), let firstData = chunks.firstIndex(where: { $0.type == "IDAT" }) else {
            return nil
        }
        let exif = chunks.indices.filter { chunks[$0].type == "eXIf" }
        guard let kept = exif.first, exif.count > 1 || kept > firstData else { return nil }
        var result = Array(data[0..<8])
        let place = min(kept, firstData)
        for (index, chunk) in chunks.enumerated() {
            if index == place { result += data[chunks[kept].range] }
            if chunk.type != "eXIf" { result += data[chunk.range] }
        }
        return Data(result)
    }

    /// Each chunk's type and whole extent (length, type, data and CRC), through IEND; nil for
    /// a file without the PNG signature or with a chunk that overruns it.
    private static func chunks(of data: [UInt8]) -> [(type: String, range: Range<Int>)]? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard data.starts(with: signature) else { return nil }
        var chunks: [(type: String, range: Range<Int>)] = []
        var position = 8
        while position + 12 <= data.count {
            let length = data[position..<position + 4].reduce(0) { $0 << 8 | Int($1) }
            let end = position + 12 + length
            guard end <= data.count else { return nil }
            let type = String(decoding: data[position + 4..<position + 8], as: UTF8.self)
            chunks.append((type, position..<end))
            position = end
            if type == "IEND" { return position == data.count ? chunks : nil }
        }
        return nil
    }
}
