import Foundation

/// Messages on a pipe: an 8-byte little-endian length, then the bytes.
enum WorkerFrames {
    /// The largest message either end accepts (a board card's pixels fit many times over).
    static let limit = 1 << 31

    /// Writes one message, whole; false when the other end is gone.
    static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var frame = [UInt8]()
        frame.reserveCapacity(bytes.count + 8)
        withUnsafeBytes(of: UInt64(bytes.count).littleEndian) { frame.append(contentsOf: $0) }
        frame.append(contentsOf: bytes)
        return frame.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }

    /// Reads one message, blocking; nil at the end of the pipe or on a bad length.
    static func read(from descriptor: Int32) -> [UInt8]? {
        guard let header = exactly(8, from: descriptor) else { return nil }
        let length = header.withUnsafeBytes { Int(UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self))) }
        guard length >= 0, length <= limit else { return nil }
        return exactly(length, from: descriptor)
    }

    /// The length a buffered frame announces, once its 8-byte header has arrived.
    static func announcedLength(_ buffer: [UInt8]) -> Int? {
        guard buffer.count >= 8 else { return nil }
        return buffer.withUnsafeBytes { Int(UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self))) }
    }

    /// Exactly `count` bytes, or nil if the pipe ends first.
    private static func exactly(_ count: Int, from descriptor: Int32) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var offset = 0
        let complete = bytes.withUnsafeMutableBytes { raw -> Bool in
            while offset < count {
                let got = Glibc.read(descriptor, raw.baseAddress! + offset, count - offset)
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { return false }
                offset += got
            }
            return true
        }
        return complete ? bytes : nil
    }
}
