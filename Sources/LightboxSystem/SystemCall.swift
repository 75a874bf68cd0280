import Foundation

/// The system calls that can wait (on a pipe, a terminal, a FIFO, a child process), each made
/// again when a signal interrupts it: the one `EINTR` loop of Lightbox.
///
/// A signal caught by a handler installed without `SA_RESTART` (`sigaction`'s default; GLib,
/// the Swift runtime and the decoders libvips loads are free to install one) makes a call that
/// is waiting return -1 with `EINTR` before anything happened, so the call is simply made again.
/// A `poll` is made again with the time it has left, so a deadline stays a deadline. `close` is
/// never retried: on Linux the descriptor is gone even when it says `EINTR`, and another thread
/// may already have its number.
package enum SystemCall {
    /// What `call` returns, calling it again while it fails with `EINTR`.
    package static func retrying<Result: BinaryInteger>(_ call: () -> Result) -> Result {
        while true {
            let result = call()
            guard result == -1 && errno == EINTR else { return result }
        }
    }

    /// `open(2)`: the new descriptor, or -1 with `errno`.
    package static func open(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
        retrying { Glibc.open(path, flags, mode) }
    }

    /// `read(2)` into `buffer`: the bytes read, 0 at the end, or -1 with `errno` (`EAGAIN` when
    /// a non-blocking descriptor has nothing now).
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        retrying { Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
    }

    /// Fills `buffer` from `offset` in the file (`pread(2)`, again after a short read); the bytes
    /// read, fewer than `buffer.count` when the file ends first or a read fails (`errno`).
    package static func fill(_ buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32, at offset: Int) -> Int {
        var done = 0
        while done < buffer.count {
            let got = retrying {
                Glibc.pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            }
            guard got > 0 else { break }
            done += got
        }
        return done
    }

    /// Writes all of `bytes` (`write(2)`, again after a short write); nil when written, else the
    /// error number (`EPIPE` when the reader is gone).
    package static func write(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var left = bytes[...]
        while !left.isEmpty {
            let written = left.withUnsafeBytes { buffer in
                retrying { Glibc.write(descriptor, buffer.baseAddress, buffer.count) }
            }
            guard written > 0 else { return written < 0 ? errno : EIO }
            left = left.dropFirst(written)
        }
        return nil
    }

    /// `poll(2)` on `entries` for at most `milliseconds` (-1: no limit): how many are ready, 0
    /// when the time ran out, or -1 with `errno`. A poll that a signal interrupts is made again
    /// with the time left.
    package static func poll(_ entries: inout [pollfd], milliseconds: Int32) -> Int32 {
        let start = DispatchTime.now().uptimeNanoseconds
        return retrying {
            let spent = Int64((DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
            let wait = milliseconds > 0 ? Int32(max(0, Int64(milliseconds) - spent)) : milliseconds
            return Glibc.poll(&entries, nfds_t(entries.count), wait)
        }
    }

    /// Waits for the child `pid` to end (`waitpid(2)`): its raw wait status, or nil when it is
    /// not a child of this process (`ECHILD`: already reaped).
    package static func waitForExit(of pid: pid_t) -> Int32? {
        var status: Int32 = 0
        return retrying { waitpid(pid, &status, 0) } == pid ? status : nil
    }

    /// The system's words for the error number `code` (`errno` by default): `Broken pipe`.
    package static func reason(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }
}
