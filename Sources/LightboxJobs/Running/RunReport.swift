import Foundation
import LightboxFormats

/// Where a run's records go as items end: the journal at once, errors on stderr at once, the
/// progress line, the counts, and stdout (`--json` lines, or a dry run's plan) in input order.
package final class RunReport: @unchecked Sendable {
    /// What stdout gets for each record.
    package enum Stdout: Sendable {
        /// Nothing.
        case none
        /// The record's JSON line (`--json`).
        case json
        /// A planned item's fields (`--dry-run`).
        case plan
    }

    private let console: Console
    private let journal: Journal?
    private let stdout: Stdout
    private let progress: ProgressLine
    private let lock = NSLock()
    /// Held while due stdout lines are printed.
    private let printing = NSLock()
    /// Guards `counts` alone, so a signal's summary (or a failed stdout's) never waits on printing.
    private let counting = NSLock()
    private var counts: RunSummary
    /// Stdout lines of jobs that ended before an earlier one, by slot.
    private var waiting: [Int: [String]] = [:]
    /// Slots whose jobs have ended, not yet printed.
    private var ended: Set<Int> = []
    /// The next slot to print.
    private var next = 0

    /// Makes a report for `total` items; the progress line shows only on a terminal and when asked.
    package init(
        console: Console, journal: Journal?, stdout: Stdout, total: Int, showProgress: Bool, dryRun: Bool
    ) {
        self.console = console
        self.journal = journal
        self.stdout = stdout
        counts = RunSummary(dryRun: dryRun)
        progress = ProgressLine(total: total, enabled: showProgress && !console.quiet && ProgressLine.stderrIsTerminal)
    }

    /// The counts so far.
    package var summary: RunSummary {
        counting.lock()
        defer { counting.unlock() }
        return counts
    }

    /// Reports one record of the job in `slot` (its place in input order): counted, its error
    /// printed and its journal line written now; its stdout line once every earlier job has ended.
    package func record(_ record: BatchRecord, slot: Int) {
        counting.lock()
        counts.count(record)
        counting.unlock()
        if let error = record.error, record.printsError {
            progress.clear()
            console.error(error)
        }
        for warning in record.warningLines {
            progress.clear()
            console.warning(warning)
        }
        journal?.write(record)
        progress.advance(by: 1)
        guard let line = stdoutLine(record) else { return }
        lock.lock()
        defer { lock.unlock() }
        waiting[slot, default: []].append(line)
    }

    /// Marks the job in `slot` ended and prints every stdout line now due, in input order.
    ///
    /// The lines are printed under `printing`, taken before `lock` is given back, so they keep
    /// their order; the counts have a lock of their own (`counting`), which no thread holds while
    /// it waits, so a stdout that fails or blocks can still be stopped with the counts printed.
    package func end(slot: Int) {
        lock.lock()
        ended.insert(slot)
        var due: [String] = []
        while ended.remove(next) != nil {
            due += waiting.removeValue(forKey: next) ?? []
            next += 1
        }
        printing.lock()
        lock.unlock()
        for line in due { console.out(line) }
        printing.unlock()
    }

    /// Sets the items the progress line counts towards: an estimate while a manifest is read,
    /// the count once its last line is planned.
    package func expect(total: Int) {
        progress.expect(total: total)
    }

    /// Clears the progress line at the end of the run.
    package func finish() {
        progress.clear()
    }

    /// What stdout prints for `record`, if anything.
    private func stdoutLine(_ record: BatchRecord) -> String? {
        switch stdout {
        case .none: return nil
        case .json: return record.json.text
        case .plan: return record.status == .planned ? JSONValue.object(record.fields).shortText : nil
        }
    }
}
