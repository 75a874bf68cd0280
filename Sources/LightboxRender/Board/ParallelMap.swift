import Foundation

/// A map run on all cores: a fixed number of result slots that the threads fill, each its own, under a lock.
package final class ParallelMap<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value?]

    /// Makes `count` empty slots.
    init(count: Int) {
        values = [Value?](repeating: nil, count: count)
    }

    /// Stores `value` in slot `index`.
    func set(_ index: Int, _ value: Value) {
        lock.lock()
        defer { lock.unlock() }
        values[index] = value
    }

    /// Every slot, in order (nil where nothing was stored).
    var all: [Value?] {
        lock.lock()
        defer { lock.unlock() }
        return values
    }

    /// Runs `work` for every index on all cores and returns what it gave, in index order.
    package static func map(_ count: Int, _ work: @Sendable (Int) -> Value) -> [Value] {
        let slots = ParallelMap(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            slots.set(index, work(index))
        }
        return slots.all.compactMap { $0 }
    }
}
