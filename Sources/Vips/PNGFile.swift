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
    func write(_ bytes: UnsafeRawBufferPointer) throws(VipsError) {
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                throw PNGFile.failure("unable to write to \"\(path)\"", code: written < 0 ? errno : ENOSPC)
            }
            offset += written
        }
    }

    /// Writes `bytes` as they are.
    func write(_ bytes: [UInt8]) throws(VipsError) {
        let failure = bytes.withUnsafeBytes { raw in Result { () throws(VipsError) in try write(raw) } }
        try failure.get()
    }

    /// Writes one chunk of `type` whose data is `parts` one after another: its length, the type,
    /// the data and the CRC of the type and data (no copy of the data is made).
    func chunk(_ type: String, _ parts: [UnsafeRawBufferPointer]) throws(VipsError) {
        let name = Array(type.utf8)
        var crc = name.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }
        for part in parts where part.count > 0 {
            crc = crc32(crc, part.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt32(part.count))
        }
        try write(PNGFile.bigEndian(UInt32(parts.reduce(0) { $0 + $1.count })) + name)
        for part in parts where part.count > 0 { try write(part) }
        try write(PNGFile.bigEndian(UInt32(truncatingIfNeeded: crc)))
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
