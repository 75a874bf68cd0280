import Foundation
import Synchronization

/// The process's stderr, which a server (`lightbox batch`) writes without ever waiting: its client
/// may never read it (Node's `child_process` pipes stderr and reads it only when asked), and a
/// full pipe must not stall the jobs. Once `neverWait` is called, a line that cannot be written at
/// once is dropped and counted, whoever writes it.
package enum StandardError {
    /// Whether writes never wait, where they go, and the lines dropped so far.
    private static let state = Mutex((neverWait: false, descriptor: STDERR_FILENO, dropped: 0))

    /// From now on, lines that would wait are dropped and counted; call it once any worker is
    /// forked (it starts a thread).
    ///
    /// Lightbox's own lines go to stderr through `write`; what a library writes on descriptor 2
    /// itself (a GLib warning of a domain `VipsWarnings` does not take) would still wait. So
    /// descriptor 2 becomes a pipe of this process's own, whose bytes a thread passes on through
    /// `write`: nothing any thread writes can wait on the client's stderr.
    package static func neverWait() {
        let forwarded: Int32? = state.withLock { state in
            guard !state.neverWait else { return nil }
            state.neverWait = true
            var ends: [Int32] = [0, 0]
            let real = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3)
            guard real >= 0, pipe(&ends) == 0 else { return nil }
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            dup2(ends[1], STDERR_FILENO)
            close(ends[1])
            state.descriptor = real
            return ends[0]
        }
        guard let forwarded else { return }
        Thread.detachNewThread {
            var chunk = [UInt8](repeating: 0, count: Int(PIPE_BUF))
            while true {
                let count = chunk.withUnsafeMutableBytes { SystemCall.read(forwarded, into: $0) }
                guard count > 0 else { return }
                write(String(decoding: chunk[0..<count], as: UTF8.self))
            }
        }
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
            let descriptor = state.descriptor
            var entry = [pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)]
            guard SystemCall.poll(&entry, milliseconds: 0) == 1, entry[0].revents & Int16(POLLOUT) != 0,
                bytes.withUnsafeBytes({ buffer in
                    SystemCall.retrying { Foundation.write(descriptor, buffer.baseAddress, buffer.count) }
                }) == bytes.count
            else {
                state.dropped += max(1, text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) })
                return
            }
        }
    }
}
