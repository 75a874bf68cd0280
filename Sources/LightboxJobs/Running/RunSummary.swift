/// The counts a run prints at its end (and on SIGINT or SIGTERM): what was written, failed and skipped.
package struct RunSummary: Equatable, Sendable {
    /// Items written (or, in a dry run, that would be).
    package var done = 0
    /// Items that failed (or would).
    package var failed = 0
    /// Items `--resume` skipped.
    package var skipped = 0
    /// Whether the run only planned.
    package var dryRun = false

    /// Makes empty counts.
    package init(dryRun: Bool = false) {
        self.dryRun = dryRun
    }

    /// Counts one record.
    package mutating func count(_ status: BatchRecord.Status) {
        switch status {
        case .done, .planned: done += 1
        case .failed: failed += 1
        case .skipped: skipped += 1
        }
    }

    /// `N done, M failed, K skipped`; a dry run says what would happen: `N would be written, M would fail`.
    package var text: String {
        guard dryRun else { return "\(done) done, \(failed) failed, \(skipped) skipped" }
        return "\(done) would be written, \(failed) would fail, \(skipped) skipped"
    }
}
