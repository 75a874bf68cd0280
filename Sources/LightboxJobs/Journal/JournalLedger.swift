import Foundation
import LightboxFormats
import LightboxRender
import LightboxSystem

/// What `--resume` learns from the journal of earlier runs: which outputs were recorded whole, with
/// their size, how often each item's decoder crashed or timed out, and which lines to keep.
///
/// Read once, in the supervisor, before the resumed run appends to the file. Lines that are not
/// JSON objects with an `output` (run headers, a line a kill cut short) are skipped. An output is
/// known by its resolved path: relative to the working folder its run's header names (`cwd`;
/// the current one for older journals), with `.`, `..` and symbolic links resolved as the kernel
/// would, so `--out-dir ./ref/out` finds what `--out-dir ref/out` recorded.
package struct JournalLedger: Sendable {
    /// Runs an item may crash or time out in before `--resume` stops trying it.
    package static let crashLimit = 2

    /// The size recorded for each output (by resolved path) by its latest `done` or `skipped` line.
    private var sizes: [String: Int] = [:]
    /// The most crashes recorded for each output, by resolved path.
    private var crashes: [String: Int] = [:]
    /// The journal's lines a resumed run keeps (`Journal` writes them back before its own): every
    /// run's header, each output's latest line, and the last run's lines about no output.
    package private(set) var kept: [String] = []
    /// The folder relative outputs are resolved in now.
    private let folder = FileManager.default.currentDirectoryPath

    /// An empty ledger: nothing is known.
    package init() {}

    /// Reads the journal at `path`; an empty ledger when there is no file.
    package init(path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return }
        // Each line, with its output's resolved path, or the run it belongs to (nil for a header).
        var lines: [(text: String, output: String?, run: Int?)] = []
        var latest: [String: Int] = [:]
        var runFolder = folder
        var run = 0
        var resolved = ResolvedFolders()
        for line in JSONLines.lines(data) {
            guard case .success(let object) = JSONLines.object(line, path: path) else {
                continue
            }
            guard let output = object["output"] as? String else {
                let header = object["run"] != nil
                if header {
                    run += 1
                    runFolder = object["cwd"] as? String ?? folder
                }
                lines.append((line.text, nil, header ? nil : run))
                continue
            }
            let key = resolved.path(of: output, in: runFolder)
            latest[key] = lines.count
            lines.append((line.text, key, run))
            if let count = object[Journal.crashesField] as? Int { crashes[key] = max(crashes[key] ?? 0, count) }
            switch object["status"] as? String {
            case "done", "skipped":
                if let bytes = object["bytes"] as? Int { sizes[key] = bytes }
            case "failed":
                sizes[key] = nil
            default: continue
            }
        }
        kept = lines.enumerated().filter { index, line in
            line.output.map { latest[$0] == index } ?? (line.run.map { $0 == run } ?? true)
        }.map(\.element.text)
    }

    /// What the ledger says of `output` as it is on disk now.
    package func verdict(for output: String) -> Verdict {
        let key = JournalLedger.resolved(output, in: folder)
        if let count = crashes[key], count >= JournalLedger.crashLimit, sizes[key] == nil {
            return .gaveUp(crashes: count)
        }
        let onDisk = Journal.size(of: output)
        // Not a regular file (a FIFO, a link, a device): the worker only looks at it, and fails
        // the item unless --force, as it does an unrecorded file that is not a whole image.
        var info = stat()
        if onDisk == nil && lstat(output, &info) == 0 { return .unknown }
        if let recorded = sizes[key] {
            return recorded == onDisk ? .whole : .redo
        }
        return onDisk == nil ? .redo : .unknown
    }

    /// Earlier runs in which the item writing `output` crashed or timed out.
    package func crashes(of output: String) -> Int {
        crashes[JournalLedger.resolved(output, in: folder)] ?? 0
    }

    /// `output` as an absolute path with its folder resolved (`realpath`: `.`, `..` and symbolic
    /// links as the kernel sees them), relative ones taken in `folder`; standard output as it is.
    static func resolved(_ output: String, in folder: String) -> String {
        guard output != OutputPath.standardOutput else { return output }
        let absolute = output.hasPrefix("/") ? output : (folder as NSString).appendingPathComponent(output)
        let parent = PathText.folder(of: absolute)
        guard let real = realpath(parent, nil) else { return URL(fileURLWithPath: absolute).standardizedFileURL.path }
        defer { free(real) }
        return (String(cString: real) as NSString).appendingPathComponent((absolute as NSString).lastPathComponent)
    }

    /// `resolved` with each folder resolved once, for a long journal.
    private struct ResolvedFolders {
        /// Resolved paths of the folders met, by their spelling.
        var folders: [String: String] = [:]

        /// `output` resolved in `folder`.
        mutating func path(of output: String, in folder: String) -> String {
            guard output != OutputPath.standardOutput else { return output }
            let parent = PathText.folder(of: output)
            let spelling = folder + "\u{0}" + parent
            if let known = folders[spelling] {
                return (known as NSString).appendingPathComponent((output as NSString).lastPathComponent)
            }
            let path = JournalLedger.resolved(output, in: folder)
            folders[spelling] = PathText.folder(of: path)
            return path
        }
    }

    /// What `--resume` does with one output.
    package enum Verdict: Equatable, Sendable {
        /// Recorded whole with the size it still has: skip it.
        case whole
        /// Missing, changed since it was recorded, or recorded failed: render it again.
        case redo
        /// On disk but not recorded (a kill came between its rename and its line), or not a regular
        /// file: skip it if it is a whole image of its format; fail anything else unless `--force`.
        case unknown
        /// Its decoder crashed or timed out in this many runs: leave it alone.
        case gaveUp(crashes: Int)
    }

    /// The reason given for an item left alone.
    package static func gaveUpReason(_ crashes: Int) -> String {
        "not retried: its decoder crashed or timed out in \(crashes) earlier runs (see --resume in docs/reliability.md)"
    }
}
