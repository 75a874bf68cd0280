import Foundation
import LightboxWorkers

/// The jobs of `lightbox batch` in flight, found by their id: those waiting for one of the
/// `concurrency` slots, in the order read (at most `concurrency` of them), and those running, each
/// with its cancel switch; and the cancels waiting for the answers of the jobs they found.
///
/// A job leaves only once its answer is written (`remove`), so a cancel that finds no job comes
/// after the answer of any job of its id, and one that finds a job is answered after it.
package final class BatchQueue: @unchecked Sendable {
    /// One job in flight.
    package final class Entry: @unchecked Sendable {
        /// The job.
        package let request: BatchRequest
        /// Its cancel switch, pulled by a cancel line while it runs.
        package let cancel = WorkerCancel()
        /// Whether it was given up while waiting, never started.
        fileprivate var droppedWaiting = false
        /// The cancels that found it, answered once it and their other jobs are.
        fileprivate var cancels: [Pending] = []

        /// Makes the entry of `request`.
        fileprivate init(_ request: BatchRequest) {
            self.request = request
        }

        /// Whether a cancel gave the job up: it never started, or a request of it was stopped.
        fileprivate var wasGivenUp: Bool { droppedWaiting || cancel.hasStopped }
    }

    /// A cancel waiting for the answers of the jobs it found.
    package final class Pending: @unchecked Sendable {
        /// The cancel line.
        package let cancel: BatchCancel
        /// The jobs it found.
        package let found: Int
        /// Those not yet answered.
        fileprivate var left: Int
        /// Those it gave up.
        package fileprivate(set) var gaveUp = 0

        /// Makes the cancel of `found` jobs.
        fileprivate init(_ cancel: BatchCancel, found: Int) {
            self.cancel = cancel
            self.found = found
            left = found
        }
    }

    /// Jobs run at once, and jobs that may wait besides.
    private let concurrency: Int
    /// Guards everything below; waited on for room and for the end.
    private let condition = NSCondition()
    /// The jobs waiting for a slot, oldest first.
    private var waiting: [Entry] = []
    /// Jobs running.
    private var running = 0
    /// Every job in flight, by the text of its id.
    private var byID: [String: [Entry]] = [:]

    /// Makes a queue running `concurrency` jobs at once.
    package init(concurrency: Int) {
        self.concurrency = max(1, concurrency)
    }

    /// Waits until fewer than `concurrency` jobs wait for a slot.
    package func waitForRoom() {
        condition.lock()
        defer { condition.unlock() }
        while waiting.count >= concurrency { condition.wait() }
    }

    /// Adds `request`'s job, and returns the jobs that may start now (marked running).
    package func add(_ request: BatchRequest) -> [Entry] {
        condition.lock()
        defer { condition.unlock() }
        let entry = Entry(request)
        waiting.append(entry)
        byID[request.id.text, default: []].append(entry)
        return startable()
    }

    /// Takes every job of `cancel`'s id: the running ones have their switch pulled, the waiting
    /// ones leave the queue and are returned, to be answered without running (then `remove`d).
    /// Nil when no job of that id is in flight: the cancel is answered at once.
    package func cancel(_ cancel: BatchCancel) -> [Entry]? {
        condition.lock()
        defer { condition.unlock() }
        guard let found = byID[cancel.id.text], !found.isEmpty else { return nil }
        let pending = Pending(cancel, found: found.count)
        var dropped: [Entry] = []
        for entry in found {
            entry.cancels.append(pending)
            if let index = waiting.firstIndex(where: { $0 === entry }) {
                waiting.remove(at: index)
                entry.droppedWaiting = true
                dropped.append(entry)
            } else if !entry.droppedWaiting {
                entry.cancel.pull()
            }
        }
        condition.broadcast()
        return dropped
    }

    /// Takes out `entry`, whose answer is written: returns the cancels now answerable (all their
    /// jobs answered) and the jobs that may start in its slot.
    package func remove(_ entry: Entry) -> (cancels: [Pending], start: [Entry]) {
        condition.lock()
        defer { condition.unlock() }
        let key = entry.request.id.text
        byID[key]?.removeAll { $0 === entry }
        if byID[key]?.isEmpty == true { byID[key] = nil }
        if !entry.droppedWaiting { running -= 1 }
        var done: [Pending] = []
        for pending in entry.cancels {
            pending.left -= 1
            if entry.wasGivenUp { pending.gaveUp += 1 }
            if pending.left == 0 { done.append(pending) }
        }
        condition.broadcast()
        return (done, startable())
    }

    /// Waits until no job is in flight.
    package func waitUntilEmpty() {
        condition.lock()
        defer { condition.unlock() }
        while !byID.isEmpty { condition.wait() }
    }

    /// The waiting jobs that have a free slot, taken out of the queue and counted running; under the lock.
    private func startable() -> [Entry] {
        var started: [Entry] = []
        while running < concurrency, !waiting.isEmpty {
            started.append(waiting.removeFirst())
            running += 1
        }
        if !started.isEmpty { condition.broadcast() }
        return started
    }
}
