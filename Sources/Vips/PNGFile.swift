import CPng
import Foundation

/// A PNG file being written: its descriptor, and chunks written whole (length, type, data, CRC).
final class PNGFile {
    /// The path, for messages.
    let path: String
    /// The open file; -1 once closed.
    private var descriptor: Int32

    /// Creates (or truncates) `path` for writing, as libvips' savers open their file.
    init(path: String) throws(VipsError) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw PNGFile.failure("unable to open \"\(path)\" for writing") }
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// A write error: what failed and the system's reason, which names the output as the culprit
    /// (`AtomicWriter.blame` reads "unix error" as a failed write, not a damaged input).
    static func failure(_ what: String, code: Int32 = errno) -> VipsError {
        VipsError("\(PNGEncoder.context): \(what) (unix error: \(String(cString: strerror(code))))")
    }

    /// Writes `bytes` as they are.
    func write(_ bytes: [UInt8]) throws(VipsError) {
        let failed = bytes.withUnsafeBytes { raw -> Int32? in
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return written < 0 ? errno : ENOSPC }
                offset += written
            }
            return nil
        }
        if let failed { throw PNGFile.failure("unable to write to \"\(path)\"", code: failed) }
    }

    /// Writes one chunk: its data's length, `type`, `data` and the CRC of the type and data.
    func chunk(_ type: String, _ data: [UInt8]) throws(VipsError) {
        let name = Array(type.utf8)
        var crc = name.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
        try write(
            PNGFile.bigEndian(UInt32(data.count)) + name + data + PNGFile.bigEndian(UInt32(truncatingIfNeeded: crc)))
    }

    /// The image's end: the IEND chunk, then the file closed, its errors reported.
    func finish() throws(VipsError) {
        try chunk("IEND", [])
        let closing = descriptor
        descriptor = -1
        guard close(closing) == 0 else { throw PNGFile.failure("unable to close \"\(path)\"") }
    }

    /// `value` as four bytes, most significant first, as PNG and zlib store numbers.
    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
