import Foundation
import LightboxRender
import Synchronization

/// The process's stderr, which a server (`lightbox batch`) writes without ever waiting: its client
/// may never read it (Node's `child_process` pipes stderr and reads it only when asked), and a
/// full pipe must not stall the jobs. Once `neverWait` is set, a line that cannot be written at
/// once is dropped and counted.
package enum StandardError {
    /// Whether writes never wait, and the lines dropped so far.
    private static let state = Mutex((neverWait: false, dropped: 0))

    /// From now on, lines that would wait are dropped and counted.
    package static func neverWait() {
        state.withLock { $0.neverWait = true }
    }

    /// The lines dropped so far because nothing read stderr.
    package static var dropped: Int {
        state.withLock { $0.dropped }
    }

    /// Writes `text` (one or more lines) on stderr: whole, or, when writes never wait and stderr
    /// cannot take it now, not at all (counted).
    ///
    /// The check and the write are made under one lock, so no other line of this process fills
    /// the pipe in between; `poll` says a pipe is writable when it has a free page, which holds any
    /// write of at most `PIPE_BUF` (4096) bytes without waiting, so a longer text is cut to that.
    package static func write(_ text: String) {
        state.withLock { state in
            guard state.neverWait else {
                _ = StandardOutput.write(Array(text.utf8), to: STDERR_FILENO)
                return
            }
            var bytes = Array(text.utf8)
            if bytes.count > Int(PIPE_BUF) {
                var end = Int(PIPE_BUF) - 4
                while end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
                bytes = Array(bytes[..<end]) + Array("…\n".utf8)
            }
            var entry = pollfd(fd: STDERR_FILENO, events: Int16(POLLOUT), revents: 0)
            guard poll(&entry, 1, 0) == 1, entry.revents & Int16(POLLOUT) != 0,
                bytes.withUnsafeBytes({ Foundation.write(STDERR_FILENO, $0.baseAddress, $0.count) }) == bytes.count
            else {
                state.dropped += max(1, text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) })
                return
            }
        }
    }
}
