import Foundation

/// A pipe read to its end on a thread of its own from the moment it is made, so the child
/// writing into it never waits on the test.
final class PipeDrain: @unchecked Sendable {
    /// What was read; set once, before `ended` is signalled.
    private var data = Data()
    /// Signalled when the pipe has ended.
    private let ended = DispatchSemaphore(value: 0)

    /// Starts reading `pipe`.
    init(_ pipe: Pipe) {
        Thread.detachNewThread { [self] in
            data = pipe.fileHandleForReading.readDataToEndOfFile()
            ended.signal()
        }
    }

    /// Everything the pipe carried, once it has ended.
    func wait() -> Data {
        ended.wait()
        ended.signal()
        return data
    }
}
