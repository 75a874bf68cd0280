import Foundation
import LightboxWorkers
import Synchronization
import Testing

/// Messages on a pipe: each read back whole and in order however the pipe splits them (one larger
/// than the pipe holds too), nil at the end of the pipe or on a cut frame, and a length over the
/// limit never announced.
@Suite struct FramesTests {
    /// A pipe's ends; the test closes them.
    static func pipe() -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        precondition(Glibc.pipe(&ends) == 0)
        return (ends[0], ends[1])
    }

    @Test func messagesComeBackWholeAndInOrder() {
        let (read, write) = FramesTests.pipe()
        defer { close(read) }
        let messages: [[UInt8]] = [[], [1], (0..<300_000).map { UInt8(truncatingIfNeeded: $0) }, [9, 9]]
        let received = Mutex<[[UInt8]]>([])
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            while let message = WorkerFrames.read(from: read) { received.withLock { $0.append(message) } }
            done.signal()
        }
        for message in messages { #expect(WorkerFrames.write(message, to: write)) }
        close(write)
        done.wait()
        #expect(received.withLock { $0 } == messages)
    }

    @Test func aFrameCutShortReadsAsTheEnd() {
        let (read, write) = FramesTests.pipe()
        defer { close(read) }
        let header: [UInt8] = [10, 0, 0, 0, 0, 0, 0, 0]
        #expect(Glibc.write(write, header + [1, 2, 3, 4], 12) == 12)
        close(write)
        #expect(WorkerFrames.read(from: read) == nil)
    }

    @Test func aWriteToAPipeNobodyReadsIsFalse() {
        let (read, write) = FramesTests.pipe()
        close(read)
        defer { close(write) }
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        #expect(!WorkerFrames.write([1, 2, 3], to: write))
    }

    /// The length a header announces: nil until eight bytes are there and above the limit.
    @Test(
        arguments: [
            ([UInt8](), nil), ([5, 0, 0, 0, 0, 0, 0], nil), ([5, 0, 0, 0, 0, 0, 0, 0], 5),
            ([5, 0, 0, 0, 0, 0, 0, 0, 9, 9], 5), ([0, 0, 0, 0x80, 0, 0, 0, 0], WorkerFrames.limit),
            ([1, 0, 0, 0x80, 0, 0, 0, 0], nil), ([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], nil),
        ] as [([UInt8], Int?)])
    func announcedLengths(buffer: [UInt8], length: Int?) {
        #expect(WorkerFrames.announcedLength(buffer) == length)
    }
}
