import Foundation

/// A shared index handed out once each, so threads pulling work from one list take every item once.
package final class IndexCounter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()

    /// Makes a counter from 0.
    package init() {}

    /// The next index, or nil once `limit` is reached.
    package func take(below limit: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard value < limit else { return nil }
        value += 1
        return value - 1
    }
}
