import Foundation
import LightboxFormats

/// Runs the jobs of a batch on `jobs` threads, reporting each item as it ends and counting the outcomes.
final class BatchRunner: @unchecked Sendable {
    /// The counts printed at the end.
    struct Summary: Equatable {
        var done = 0
        var failed = 0
        var skipped = 0

        /// `N done, M failed, K skipped`.
        var text: String { "\(done) done, \(failed) failed, \(skipped) skipped" }
    }

    private let jobs: Int
    private let console: Console
    private let report: BatchReport
    private let progress: ProgressLine
    private let lock = NSLock()
    private(set) var summary = Summary()

    /// Makes a runner for `total` items (its workers give libvips `cores / jobs` threads per pipeline).
    init(jobs: Int, total: Int, console: Console, report: BatchReport, showProgress: Bool) {
        self.jobs = max(1, jobs)
        self.console = console
        self.report = report
        progress = ProgressLine(total: total, enabled: showProgress && !console.quiet && ProgressLine.stderrIsTerminal)
        Interrupts.install { [weak self] in self?.currentSummary.text ?? "" }
    }

    /// The counts so far, read under the lock.
    var currentSummary: Summary {
        lock.lock()
        defer { lock.unlock() }
        return summary
    }

    /// Records items that failed before any work (bad manifest lines, missing images).
    func fail(_ problems: [BatchProblem]) {
        for problem in problems {
            var fields: [(String, JSONValue)] = [("source", .string(problem.path))]
            if let line = problem.line { fields.append(("line", .int(line))) }
            record(BatchRecord(status: .failed, fields: fields, error: problem.description, milliseconds: 0))
        }
    }

    /// Runs `work` on every element of `items`, `jobs` at a time, and records what it returns.
    ///
    /// Errors and progress show as items end; report, `--json` and plan lines come in the
    /// order of `items`, the same on every run whatever `jobs` is.
    func run<Job: Sendable>(_ items: [Job], _ work: @escaping @Sendable (Job) -> [BatchRecord]) {
        let next = Counter()
        let order = InOrder()
        DispatchQueue.concurrentPerform(iterations: min(jobs, max(items.count, 1))) { _ in
            while let index = next.take(below: items.count) {
                let records = work(items[index])
                for record in records { self.count(record) }
                order.add(records, at: index) { self.emit($0) }
            }
        }
        progress.clear()
    }

    /// Prints, counts and writes one record at once (items outside `run`).
    func record(_ record: BatchRecord) {
        count(record)
        emit([record])
    }

    /// Counts one record, prints its error and moves the progress line.
    private func count(_ record: BatchRecord) {
        lock.lock()
        switch record.status {
        case .done, .planned: summary.done += 1
        case .failed: summary.failed += 1
        case .skipped: summary.skipped += 1
        }
        lock.unlock()
        if let error = record.error, record.printsError {
            progress.clear()
            console.error(error)
        }
        progress.advance(by: 1)
    }

    /// Writes records' report lines and plan lines, in the order they are given.
    private func emit(_ records: [BatchRecord]) {
        for record in records {
            report.write(record)
            if let plan = record.plan { console.out(plan) }
        }
    }

    /// Holds the records of items that ended early until every item before them has ended.
    private final class InOrder: @unchecked Sendable {
        private var waiting: [Int: [BatchRecord]] = [:]
        private var next = 0
        private let lock = NSLock()

        /// Takes item `index`'s records and hands every record now ready to `emit`, in item order, under the lock.
        func add(_ records: [BatchRecord], at index: Int, emit: ([BatchRecord]) -> Void) {
            lock.lock()
            defer { lock.unlock() }
            waiting[index] = records
            while let records = waiting.removeValue(forKey: next) {
                emit(records)
                next += 1
            }
        }
    }

    /// A shared index handed out once each.
    private final class Counter: @unchecked Sendable {
        private var value = 0
        private let lock = NSLock()

        /// The next index, or nil once `limit` is reached.
        func take(below limit: Int) -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard value < limit else { return nil }
            value += 1
            return value - 1
        }
    }
}
