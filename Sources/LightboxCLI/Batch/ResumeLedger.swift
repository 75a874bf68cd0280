import Foundation
import LightboxFormats
import LightboxRender

/// What `--resume` trusts as finished: outputs the last run's report recorded whole, with their size.
///
/// With a `--report` file, an output is skipped only when a `done` (or `skipped`) line of that
/// report gives the byte size it still has; without one, only when it decodes to its last row.
/// Anything else, a file cut short by a kill or a disk error included, is rendered again.
struct ResumeLedger: Sendable {
    /// Byte sizes by output path, from the earlier report; nil when there is no report to trust.
    private let sizes: [String: Int]?

    /// Reads the report at `report` as the last run left it (call before the new run truncates it).
    init(report: String?) {
        guard let report else {
            sizes = nil
            return
        }
        var sizes: [String: Int] = [:]
        for (output, object) in ReportLines.read(report) {
            guard let bytes = object["bytes"] as? Int, ["done", "skipped"].contains(object["status"] as? String ?? "")
            else { continue }
            sizes[output] = bytes
        }
        self.sizes = sizes
    }

    /// The ledger of the report a resumed run continues, read once per process: the supervisor
    /// reads it before the run truncates the report, and forked workers inherit that reading.
    static func forRun(_ batch: BatchOptions) -> ResumeLedger {
        cache.lock.lock()
        defer { cache.lock.unlock() }
        if let ledger = cache.ledger { return ledger }
        let ledger = ResumeLedger(report: batch.resume ? batch.report : nil)
        cache.ledger = ledger
        return ledger
    }

    /// The one reading of `forRun`.
    private static let cache = Cache()

    /// Holds `forRun`'s reading.
    private final class Cache: @unchecked Sendable {
        let lock = NSLock()
        var ledger: ResumeLedger?
    }

    /// Whether `output` is known to be whole, so `--resume` may skip it.
    func isFinished(_ output: String) -> Bool {
        guard let sizes else { return OutputPath.isWholeImage(output) }
        guard let recorded = sizes[output] else { return false }
        return ResumeLedger.size(of: output) == recorded
    }

    /// The size of the file at `path` in bytes, or nil when there is none.
    static func size(of path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// The `bytes` field of a written output's record, the size a later `--resume` checks.
    static func bytesField(_ output: String) -> [(String, JSONValue)] {
        size(of: output).map { [("bytes", .int($0))] } ?? []
    }
}
