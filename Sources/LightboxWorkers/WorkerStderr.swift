import Foundation
import LightboxSystem

/// What a worker wrote on stderr during one request, read without blocking and capped to its tail.
package struct WorkerStderr {
    /// The most bytes kept; older output is dropped first.
    package static let cap = 16 << 10

    /// The supervisor's end of the stderr pipe.
    private let descriptor: Int32
    /// Whether the pipe can still give bytes.
    private var open = true
    /// What was read, at most `cap` bytes.
    private var bytes: [UInt8] = []

    /// Reads from `descriptor`, the non-blocking parent end of a worker's stderr pipe.
    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The pipe as a `poll` entry (ignored once it has ended).
    package var pollEntry: pollfd {
        pollfd(fd: open ? descriptor : -1, events: Int16(POLLIN), revents: 0)
    }

    /// What was captured, as text.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Reads everything available now.
    package mutating func drain() {
        var chunk = [UInt8](repeating: 0, count: 1 << 12)
        while open {
            let got = chunk.withUnsafeMutableBytes { SystemCall.read(descriptor, into: $0) }
            if got > 0 {
                bytes.append(contentsOf: chunk[0..<got])
                if bytes.count > WorkerStderr.cap { bytes.removeFirst(bytes.count - WorkerStderr.cap) }
                continue
            }
            if got < 0 && errno == EAGAIN { return }
            open = false
        }
    }
}
