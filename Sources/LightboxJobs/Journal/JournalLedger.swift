import Foundation
import LightboxFormats

/// What `--resume` learns from the journal of earlier runs: which outputs were recorded whole, with
/// their size, and how often each item's decoder crashed or timed out.
///
/// Read once, in the supervisor, before the resumed run appends to the file. Lines that are not
/// JSON objects with an `output` (run headers, a line a kill cut short) are skipped.
package struct JournalLedger: Sendable {
    /// Runs an item may crash or time out in before `--resume` stops trying it.
    package static let crashLimit = 2

    /// The size recorded for each output by its latest `done` or `skipped` line.
    private var sizes: [String: Int] = [:]
    /// The most crashes recorded for each output.
    private var crashes: [String: Int] = [:]

    /// An empty ledger: nothing is known.
    package init() {}

    /// Reads the journal at `path`; an empty ledger when there is no file.
    package init(path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return }
        for line in JSONLines.lines(data) {
            guard case .success(let object) = JSONLines.object(line, path: path),
                let output = object["output"] as? String
            else { continue }
            if let count = object[Journal.crashesField] as? Int { crashes[output] = max(crashes[output] ?? 0, count) }
            switch object["status"] as? String {
            case "done", "skipped":
                if let bytes = object["bytes"] as? Int { sizes[output] = bytes }
            case "failed":
                sizes[output] = nil
            default: continue
            }
        }
    }

    /// What the ledger says of `output` as it is on disk now.
    package func verdict(for output: String) -> Verdict {
        if let count = crashes[output], count >= JournalLedger.crashLimit, sizes[output] == nil {
            return .gaveUp(crashes: count)
        }
        let onDisk = Journal.size(of: output)
        if let recorded = sizes[output] {
            return recorded == onDisk ? .whole : .redo
        }
        return onDisk == nil ? .redo : .unknown
    }

    /// Earlier runs in which the item writing `output` crashed or timed out.
    package func crashes(of output: String) -> Int {
        crashes[output] ?? 0
    }

    /// What `--resume` does with one output.
    package enum Verdict: Equatable, Sendable {
        /// Recorded whole with the size it still has: skip it.
        case whole
        /// Missing, changed since it was recorded, or recorded failed: render it again.
        case redo
        /// On disk but not recorded (a kill came between its rename and its line): skip it if it decodes whole.
        case unknown
        /// Its decoder crashed or timed out in this many runs: leave it alone.
        case gaveUp(crashes: Int)
    }

    /// The reason given for an item left alone.
    package static func gaveUpReason(_ crashes: Int) -> String {
        "not retried: its decoder crashed or timed out in \(crashes) earlier runs (see --resume in docs/reliability.md)"
    }
}
