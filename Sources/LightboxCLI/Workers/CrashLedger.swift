import Foundation

/// How often each output's item crashed or timed out in earlier runs, read from the `--report`
/// that `--resume` continues, so a resumed batch retries such an item once and then skips it.
struct CrashLedger: Sendable {
    /// The report field that counts the runs in which an item's worker crashed or timed out.
    static let field = "crashes"
    /// Runs an item may crash or time out in before `--resume` stops trying it.
    static let limit = 2

    /// The crash count of each output that has one.
    private let counts: [String: Int]

    /// Reads `report` (a previous run's JSON lines) when resuming; empty without one.
    init(report: String?) {
        var counts: [String: Int] = [:]
        let lines: [(output: String, object: [String: Any])] = report.map { ReportLines.read($0) } ?? []
        for (output, object) in lines {
            guard let crashes = object[CrashLedger.field] as? Int else { continue }
            counts[output] = max(counts[output] ?? 0, crashes)
        }
        self.counts = counts
    }

    /// Earlier runs in which the item writing `output` crashed or timed out.
    func crashes(of output: String) -> Int {
        counts[output] ?? 0
    }

    /// Whether `--resume` leaves the item writing `output` alone: it crashed or timed out too often.
    func gaveUp(on output: String) -> Bool {
        crashes(of: output) >= CrashLedger.limit
    }

    /// The reason given for an item left alone.
    static func gaveUpReason(_ crashes: Int) -> String {
        "not retried: its decoder crashed or timed out in \(crashes) earlier runs (see --resume in docs/reliability.md)"
    }
}
