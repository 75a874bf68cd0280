import Foundation
import LightboxSystem

/// Messages on a pipe: an 8-byte little-endian length, then the bytes.
package enum WorkerFrames {
    /// The largest message either end accepts (a board card's pixels fit many times over).
    package static let limit = 1 << 31
    /// The first byte of a worker's message sent ahead of its answer (an item of a job finished).
    package static let interim: UInt8 = 0
    /// The first byte of a worker's answer, the last message of a request.
    package static let final: UInt8 = 1
    /// The first byte of a worker's answer after which it exits (it went over its memory limit).
    package static let lastAnswer: UInt8 = 2

    /// Writes one message, whole; false when the other end is gone.
    package static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        SystemCall.write(framed(bytes), to: descriptor) == nil
    }

    /// `bytes` as one message: its length header, then the bytes.
    package static func framed(_ bytes: [UInt8]) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: UInt64(bytes.count) >> UInt64(8 * $0)) } + bytes
    }

    /// Reads one message, blocking; nil at the end of the pipe or on a bad length.
    package static func read(from descriptor: Int32) -> [UInt8]? {
        guard let header = exactly(8, from: descriptor), let length = announcedLength(header) else { return nil }
        return exactly(length, from: descriptor)
    }

    /// The length a buffered frame announces, once its 8-byte header has arrived and if it is allowed.
    package static func announcedLength(_ buffer: [UInt8]) -> Int? {
        guard buffer.count >= 8 else { return nil }
        let word = buffer[0..<8].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard word <= UInt64(limit) else { return nil }
        return Int(word)
    }

    /// Exactly `count` bytes, or nil if the pipe ends first.
    private static func exactly(_ count: Int, from descriptor: Int32) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        var chunk = [UInt8](repeating: 0, count: min(max(count, 1), 1 << 16))
        while bytes.count < count {
            let want = min(chunk.count, count - bytes.count)
            let got = chunk.withUnsafeMutableBytes { SystemCall.read(descriptor, into: .init(rebasing: $0[..<want])) }
            guard got > 0 else { return nil }
            bytes.append(contentsOf: chunk[0..<got])
        }
        return bytes
    }
}
