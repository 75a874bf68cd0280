import Foundation
import LightboxSystem

/// Where a HEIF file's bytes come from: the file itself (`FileBytes`) or memory (`MemoryBytes`,
/// for tests and the fuzzer), read in pieces so a photo's tiles are read only when needed.
package protocol ByteSource {
    /// The size in bytes.
    var size: Int { get }
    /// `count` bytes from `offset`; throws when they are not all there.
    func read(at offset: Int, count: Int) throws(HEIFFormatError) -> [UInt8]
}

/// A file read with `pread`, opened once and closed when the value goes away.
package final class FileBytes: ByteSource {
    /// The open descriptor.
    private let descriptor: Int32
    /// The size when opened.
    package let size: Int

    /// Opens `path` for reading; nil when it cannot be opened or is not a regular file.
    package init?(path: String) {
        let descriptor = SystemCall.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        size = Int(info.st_size)
    }

    deinit {
        close(descriptor)
    }

    /// Reads with `pread`, retrying short reads; throws when the file ends first.
    package func read(at offset: Int, count: Int) throws(HEIFFormatError) -> [UInt8] {
        guard offset >= 0, count >= 0, offset <= size, count <= size - offset else {
            throw HEIFFormatError("\(count) bytes at offset \(offset) are past the end of the file (\(size) bytes)")
        }
        var bytes = [UInt8](repeating: 0, count: count)
        let done = bytes.withUnsafeMutableBytes { SystemCall.fill($0, from: descriptor, at: offset) }
        guard done == count else { throw HEIFFormatError("the file ends at offset \(offset + done)") }
        return bytes
    }
}

/// Bytes already in memory.
package struct MemoryBytes: ByteSource {
    /// The bytes.
    package let bytes: [UInt8]

    /// Wraps `bytes`.
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The size in bytes.
    package var size: Int { bytes.count }

    /// A copy of `bytes[offset..<offset + count]`; throws when the range is outside.
    package func read(at offset: Int, count: Int) throws(HEIFFormatError) -> [UInt8] {
        guard offset >= 0, count >= 0, offset <= bytes.count, count <= bytes.count - offset else {
            throw HEIFFormatError(
                "\(count) bytes at offset \(offset) are past the end of the data (\(bytes.count) bytes)")
        }
        return Array(bytes[offset..<offset + count])
    }
}
