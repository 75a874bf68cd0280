import Foundation
import LightboxFormats
import LightboxRender
import LightboxSystem

/// What `--resume` learns from the journal of earlier runs: which outputs were recorded whole, with
/// their size, how often each item's decoder crashed or timed out, and which lines to keep.
///
/// Read once, in the supervisor, before the resumed run appends to the file, a block of lines at
/// a time (`FileLines`): what it keeps is one small entry per output, by a 64-bit digest of its
/// resolved path, never the lines themselves, so a journal of millions of lines is read in tens
/// of megabytes per million outputs. Lines that are not JSON objects with an `output` (run
/// headers, a line a kill cut short) are skipped. An output is known by its resolved path:
/// relative to the working folder its run's header names (`cwd`; the current one for older
/// journals), with `.`, `..` and symbolic links resolved as the kernel would, so `--out-dir
/// ./ref/out` finds what `--out-dir ref/out` recorded.
package struct JournalLedger: Sendable {
    /// Runs an item may crash or time out in before `--resume` stops trying it.
    package static let crashLimit = 2

    /// What the journal says of one output: its latest line, the size its latest `done` or
    /// `skipped` line recorded (nil after a `failed` one), and the most crashes recorded.
    struct Entry: Sendable {
        var latest: Int32
        var size: Int?
        var crashes: UInt8
    }

    /// Each output's entry, by the digest of its resolved path.
    private var entries: [Int: Entry] = [:]
    /// The journal read, if any.
    private let path: String?
    /// The lines kept so far: every header, each output's latest line.
    private var kept = LineSet()
    /// The lines with no output that are not headers (kept when in the last run).
    private var outputless = LineSet()
    /// The last run's header line.
    private var lastHeader = 0
    /// The folder relative outputs are resolved in now.
    private let folder = FileManager.default.currentDirectoryPath

    /// An empty ledger: nothing is known.
    package init() {
        path = nil
    }

    /// Reads the journal at `path`; an empty ledger when there is no file.
    package init(path: String) {
        self.path = path
        var resolved = ResolvedFolders(folder: folder)
        FileLines.forEach(path) { line in
            guard let (object, key) = Self.read(line, resolved: &resolved) else { return }
            guard let key else {
                if object["run"] != nil {
                    lastHeader = line.number
                    kept.insert(line.number)
                } else {
                    outputless.insert(line.number)
                }
                return
            }
            var entry = entries[key] ?? Entry(latest: 0, size: nil, crashes: 0)
            kept.remove(Int(entry.latest))
            kept.insert(line.number)
            entry.latest = Int32(truncatingIfNeeded: line.number)
            if let count = object[Journal.crashesField] as? Int {
                entry.crashes = max(entry.crashes, UInt8(clamping: count))
            }
            switch object["status"] as? String {
            case "done", "skipped":
                if let bytes = object["bytes"] as? Int { entry.size = bytes }
            case "failed": entry.size = nil
            default: break
            }
            entries[key] = entry
        }
    }

    /// The object on `line` and the digest of its output's resolved path (nil for a line with no
    /// output, a run header among them); nil for a line that is not a JSON object.
    private static func read(
        _ line: JSONLines.Line, resolved: inout ResolvedFolders
    ) -> ([String: Any], Int?)? {
        // Lightbox's own lines: JSONSerialization alone (no `JSONCheck`), a third of the time.
        guard let object = (try? JSONSerialization.jsonObject(with: Data(line.bytes))) as? [String: Any] else {
            return nil
        }
        guard let output = object["output"] as? String else {
            if object["run"] != nil {
                resolved.runFolder = object["cwd"] as? String ?? resolved.folder
            }
            return (object, nil)
        }
        return (object, resolved.path(of: output).hashValue)
    }

    /// Calls `keep` with each line a resumed run keeps, read again from the journal (by number,
    /// not parsed again): every run's header, each output's latest line, and the last run's
    /// lines about no output.
    package func forEachKept(_ keep: (String) -> Void) {
        guard let path else { return }
        FileLines.forEach(path) { line in
            if kept.contains(line.number) || (line.number > lastHeader && outputless.contains(line.number)) {
                keep(line.text)
            }
        }
    }

    /// What the ledger says of `output` as it is on disk now.
    package func verdict(for output: String) -> Verdict {
        let entry = entries[JournalLedger.resolved(output, in: folder).hashValue]
        if let entry, Int(entry.crashes) >= JournalLedger.crashLimit, entry.size == nil {
            return .gaveUp(crashes: Int(entry.crashes))
        }
        let onDisk = Journal.size(of: output)
        // Not a regular file (a FIFO, a link, a device): the worker only looks at it, and fails
        // the item unless --force, as it does an unrecorded file that is not a whole image.
        var info = stat()
        if onDisk == nil && lstat(output, &info) == 0 { return .unknown }
        if let recorded = entry?.size {
            return recorded == onDisk ? .whole : .redo
        }
        return onDisk == nil ? .redo : .unknown
    }

    /// Earlier runs in which the item writing `output` crashed or timed out.
    package func crashes(of output: String) -> Int {
        Int(entries[JournalLedger.resolved(output, in: folder).hashValue]?.crashes ?? 0)
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
        /// The folder relative outputs are resolved in now.
        let folder: String
        /// The working folder of the run being read (its header's `cwd`).
        var runFolder: String
        /// Resolved paths of the folders met, by their spelling.
        var folders: [String: String] = [:]

        /// Resolves in `folder` until a header names another.
        init(folder: String) {
            self.folder = folder
            runFolder = folder
        }

        /// `output` resolved in the run's folder.
        mutating func path(of output: String) -> String {
            guard output != OutputPath.standardOutput else { return output }
            let parent = PathText.folder(of: output)
            let spelling = runFolder + "\u{0}" + parent
            if let known = folders[spelling] {
                return (known as NSString).appendingPathComponent((output as NSString).lastPathComponent)
            }
            let path = JournalLedger.resolved(output, in: runFolder)
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
