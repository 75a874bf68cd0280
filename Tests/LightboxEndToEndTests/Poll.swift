import Foundation

/// Waiting for a condition in a test: checked every few milliseconds until it holds or the
/// deadline passes, never a fixed sleep that is too short on a loaded machine and too long on
/// an idle one.
enum Poll {
    /// Whether `condition` held within `seconds`, checked every `interval` seconds.
    @discardableResult
    static func until(
        within seconds: Double, every interval: Double = 0.01, _ condition: () throws -> Bool
    ) rethrows
        -> Bool
    {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if try condition() { return true }
            guard Date() < deadline else { return false }
            Thread.sleep(forTimeInterval: interval)
        }
    }

    /// The bytes waiting to be read in the pipe `pipe` (its read end), by `FIONREAD`.
    static func unreadBytes(_ pipe: Pipe) -> Int {
        var count: Int32 = 0
        guard ioctl(pipe.fileHandleForReading.fileDescriptor, UInt(FIONREAD), &count) == 0 else { return 0 }
        return Int(count)
    }
}
