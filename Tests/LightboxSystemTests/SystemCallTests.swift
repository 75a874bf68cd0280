import Foundation
import LightboxSystem
import Synchronization
import Testing

/// The one `EINTR` loop: a call interrupted by a signal is made again, a read comes back with the
/// bytes written after the interruptions, a poll keeps its deadline, a write and a `pread` go on
/// after a short one. Serialized: the signal tests share the process's `SIGUSR1` handler.
@Suite(.serialized) struct SystemCallTests {
    /// A pipe's two ends, closed at the end of the test.
    final class Pipe {
        let read: Int32
        let write: Int32

        init() {
            var ends: [Int32] = [0, 0]
            precondition(pipe(&ends) == 0)
            (read, write) = (ends[0], ends[1])
        }

        deinit {
            close(read)
            close(write)
        }
    }

    /// `retrying` makes the call again after each `EINTR` and stops at anything else: the results
    /// the call gives in turn (-1 with its `errno`), the result returned and how many calls were made.
    @Test(
        arguments: [
            ([(5, 0)], 5, 1),
            ([(-1, EINTR), (-1, EINTR), (7, 0)], 7, 3),
            ([(-1, EINTR), (-1, EAGAIN), (3, 0)], -1, 2),
            ([(-1, EPIPE)], -1, 1),
            ([(-1, EINTR), (0, 0)], 0, 2),
        ] as [([(Int, Int32)], Int, Int)]
    )
    func retryingStopsAtAnythingButEINTR(script: [(Int, Int32)], result: Int, calls: Int) {
        var made = 0
        let returned = SystemCall.retrying { () -> Int in
            let (value, code) = script[made]
            made += 1
            errno = code
            return value
        }
        #expect(returned == result)
        #expect(made == calls)
    }

    /// The control: a plain `read` on an empty pipe returns -1 with `EINTR` when the signal comes,
    /// so the signals below do reach a waiting call.
    @Test func aPlainReadReturnsEINTRWhenASignalComes() throws {
        let pipe = Pipe()
        let descriptor = pipe.read
        let reader = Interruption {
            var byte: UInt8 = 0
            return Glibc.read(descriptor, &byte, 1)
        }
        reader.interrupt(times: 50)
        let outcome = try #require(reader.wait())
        #expect(outcome.result == -1)
        #expect(outcome.errno == EINTR)
    }

    /// A blocking `SystemCall.read` goes on waiting through five signals and returns the bytes
    /// written after them.
    @Test func aReadInterruptedBySignalsReturnsTheBytesWrittenAfter() throws {
        let pipe = Pipe()
        let descriptor = pipe.read
        let got = Mutex<[UInt8]>([])
        let reader = Interruption {
            var chunk = [UInt8](repeating: 0, count: 16)
            let count = chunk.withUnsafeMutableBytes { SystemCall.read(descriptor, into: $0) }
            got.withLock { $0 = Array(chunk.prefix(max(count, 0))) }
            return count
        }
        #expect(reader.interrupt(times: 5), "the read returned before anything was written")
        #expect(SystemCall.write(Array("hello".utf8), to: pipe.write) == nil)
        let outcome = try #require(reader.wait())
        #expect(outcome.result == 5)
        #expect(got.withLock { $0 } == Array("hello".utf8))
    }

    /// A poll interrupted again and again still waits out its time, no less, and says nothing is ready.
    @Test func anInterruptedPollKeepsItsDeadline() throws {
        let pipe = Pipe()
        let descriptor = pipe.read
        let start = DispatchTime.now().uptimeNanoseconds
        let poller = Interruption {
            var entries = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
            return Int(SystemCall.poll(&entries, milliseconds: 400))
        }
        poller.interrupt(times: 5)
        let outcome = try #require(poller.wait())
        let waited = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        #expect(outcome.result == 0)
        #expect(waited >= 395, "returned after \(waited) ms")
    }

    /// A write larger than the pipe holds goes out whole while the other end reads, and a write to
    /// a pipe nobody reads says `EPIPE` (with `SIGPIPE` ignored, as Lightbox's processes have it).
    @Test func aWriteGoesOutWholeOrSaysWhyNot() {
        let pipe = Pipe()
        let bytes = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let descriptor = pipe.read
        let read = Mutex<[UInt8]>([])
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            var all: [UInt8] = []
            while all.count < bytes.count {
                let count = chunk.withUnsafeMutableBytes { SystemCall.read(descriptor, into: $0) }
                guard count > 0 else { break }
                all += chunk[0..<count]
            }
            read.withLock { $0 = all }
            done.signal()
        }
        #expect(SystemCall.write(bytes, to: pipe.write) == nil)
        done.wait()
        #expect(read.withLock { $0 } == bytes)

        var ends: [Int32] = [0, 0]
        #expect(Glibc.pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        #expect(SystemCall.write([1, 2, 3], to: ends[1]) == EPIPE)
        #expect(SystemCall.reason(EPIPE) == "Broken pipe")
    }

    /// `fill` reads from an offset to the end of the buffer, or to the end of the file (fewer bytes).
    @Test(arguments: [(0, 10, 10), (90, 10, 10), (95, 10, 5), (100, 4, 0), (200, 4, 0)])
    func fillReadsFromAnOffsetUpToTheEnd(offset: Int, count: Int, read: Int) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fill-\(UUID().uuidString)").path
        let bytes = (0..<100).map { UInt8($0) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let descriptor = SystemCall.open(path, O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0xFF, count: count)
        let done = buffer.withUnsafeMutableBytes { SystemCall.fill($0, from: descriptor, at: offset) }
        #expect(done == read)
        #expect(Array(buffer.prefix(done)) == Array(bytes.dropFirst(offset).prefix(done)))
    }

    /// `waitForExit` gives a child's wait status once, then nil: it is no child any more.
    @Test func waitForExitReapsAChildOnce() throws {
        var pid: pid_t = 0
        let arguments = ["/bin/sh", "-c", "exit 3"]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        try #require(posix_spawn(&pid, "/bin/sh", nil, nil, &argv, environ) == 0)
        let status = try #require(SystemCall.waitForExit(of: pid))
        #expect(status & 0x7f == 0)
        #expect((status >> 8) & 0xff == 3)
        #expect(SystemCall.waitForExit(of: pid) == nil)
    }
}
