import Foundation
import Testing

/// Reads a `--report` journal the way a user's tool would: JSON lines, a run header line at the
/// start of each run, item lines after it.
enum JournalFile {
    /// Every line of the journal at `path`, as objects (a line that is not one fails the test).
    static func lines(_ path: String) throws -> [[String: Any]] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try text.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "\($0)")
        }
    }

    /// The item records of the journal's last run (after its last header line).
    static func lastRun(_ path: String) throws -> [[String: Any]] {
        let all = try lines(path)
        let start = (all.lastIndex { $0["run"] != nil }).map { $0 + 1 } ?? 0
        return Array(all[start...])
    }

    /// The item records of every run.
    static func records(_ path: String) throws -> [[String: Any]] {
        try lines(path).filter { $0["run"] == nil }
    }

    /// What the journal knows whole: each output's size by its latest line, when that line is
    /// `done` or `skipped` (what `--resume` trusts).
    static func known(_ path: String) throws -> [String: Int] {
        guard FileManager.default.fileExists(atPath: path) else { return [:] }
        var sizes: [String: Int] = [:]
        for record in try records(path) {
            guard let output = record["output"] as? String else { continue }
            let whole = ["done", "skipped"].contains(record["status"] as? String ?? "")
            sizes[output] = whole ? record["bytes"] as? Int : nil
        }
        return sizes
    }
}
