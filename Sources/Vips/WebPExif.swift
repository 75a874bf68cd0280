import CWebP
import Foundation

/// The EXIF chunk of a WebP file libvips 8.14 wrote, edited with libwebpmux (no re-encoding).
///
/// libvips 8.14.1's `webpsave` ignores `strip` and always writes an EXIF chunk, which it makes
/// up (orientation, 72 dpi, size) when the image has none, and which starts with JPEG's
/// `Exif\0\0` header, where WebP wants the TIFF header first (exiftool: `[minor] Improper EXIF
/// header`). Fixed upstream in 8.14.2; Debian bookworm ships 8.14.1.
package enum WebPExif {
    /// `bytes` with the EXIF chunk removed (`keep` false), or kept with its `Exif\0\0` header
    /// taken off (`keep` true); nil when there is nothing to change or the file cannot be parsed.
    package static func edited(_ bytes: Data, keep: Bool) -> Data? {
        bytes.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Data? in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return nil }
            var input = WebPData(bytes: base, size: raw.count)
            guard let mux = WebPMuxCreate(&input, 0) else { return nil }
            defer { WebPMuxDelete(mux) }
            var chunk = WebPData()
            guard WebPMuxGetChunk(mux, "EXIF", &chunk) == WEBP_MUX_OK, let exif = chunk.bytes else { return nil }
            let header: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]
            let stored = Array(UnsafeBufferPointer(start: exif, count: chunk.size))
            if keep {
                guard stored.starts(with: header) else { return nil }
                var fixed = WebPData()
                let body = Array(stored.dropFirst(header.count))
                let status = body.withUnsafeBufferPointer { pointer in
                    fixed.bytes = pointer.baseAddress
                    fixed.size = pointer.count
                    return WebPMuxSetChunk(mux, "EXIF", &fixed, 1)
                }
                guard status == WEBP_MUX_OK else { return nil }
            } else {
                guard WebPMuxDeleteChunk(mux, "EXIF") == WEBP_MUX_OK else { return nil }
            }
            var output = WebPData()
            guard WebPMuxAssemble(mux, &output) == WEBP_MUX_OK, let written = output.bytes else { return nil }
            defer { WebPDataClear(&output) }
            return Data(bytes: written, count: output.size)
        }
    }
}
