/// The counts a run prints at its end (and on SIGINT or SIGTERM): what was written, failed and skipped.
package struct RunSummary: Equatable, Sendable {
    /// Items written (or, in a dry run, that would be).
    package var done = 0
    /// Items that failed (or would).
    package var failed = 0
    /// Items `--resume` skipped.
    package var skipped = 0
    /// The failures `--max-failures` counts (a written board counts each photo it left out).
    package var budgeted = 0
    /// Failures no budget covers (a board that was not written).
    package var pastBudget = 0
    /// Whether the run only planned.
    package var dryRun = false

    /// Makes empty counts.
    package init(dryRun: Bool = false) {
        self.dryRun = dryRun
    }

    /// Counts one record.
    package mutating func count(_ record: BatchRecord) {
        switch record.status {
        case .done, .planned: done += 1
        case .failed: failed += 1
        case .skipped: skipped += 1
        }
        if let failures = record.budgetFailures { budgeted += failures } else { pastBudget += 1 }
    }

    /// Whether some item failed and every failure is within `budget` of `total` items (false without one).
    package func isWithin(_ budget: FailureBudget?, of total: Int) -> Bool {
        failed > 0 && pastBudget == 0 && budget?.allows(failed: budgeted, of: total) == true
    }

    /// `N done, M failed, K skipped`; a dry run says what would happen: `N would be written, M would fail`.
    package var text: String {
        guard dryRun else { return "\(done) done, \(failed) failed, \(skipped) skipped" }
        return "\(done) would be written, \(failed) would fail, \(skipped) skipped"
    }
}
