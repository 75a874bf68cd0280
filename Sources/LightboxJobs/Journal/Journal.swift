import Foundation
import LightboxFormats
import LightboxSystem

/// The `--report` file as an append-only journal: one JSON line per item, written and flushed the
/// moment the item ends, so a run killed at any moment leaves every finished item recorded.
///
/// A new run starts the file afresh; a `--resume` run never truncates it: it appends a run header
/// line, then its items. Lines go out with one `write(2)` each on a descriptor opened with
/// `O_APPEND`, so a kill can cut only the line being written, never an earlier one; a reader
/// skips a cut line (`JournalLedger`). Order is completion order; each line carries `source` and
/// `line` (and the output), so input order can be rebuilt.
package final class Journal: @unchecked Sendable {
    /// The record field counting the runs in which an item's decoder crashed or timed out.
    package static let crashesField = "crashes"

    /// The journal's path.
    package let path: String
    /// The open file.
    private let descriptor: Int32
    /// One line at a time.
    private let lock = NSLock()

    /// Opens `path` (its folder made), truncated unless `resume`, and writes the run's header line.
    ///
    /// A resumed run first puts back only the lines `compacting` keeps (`JournalLedger.forEachKept`: every
    /// run's header, each output's latest line), written to a temp file beside the journal and
    /// renamed over it, so a journal resumed any number of times stays about two lines per item
    /// (what it knew, and what this run says) instead of growing by one line per item every time.
    package init(path: String, resume: Bool, header: JSONValue, compacting: JournalLedger? = nil) throws(JournalError) {
        self.path = path
        let folder = PathText.folder(of: path)
        if !folder.isEmpty {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        if resume, let compacting, FileManager.default.fileExists(atPath: path) {
            try Journal.rewrite(path, with: compacting)
        }
        let flags = O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | (resume ? 0 : O_TRUNC)
        descriptor = SystemCall.open(path, flags, 0o644)
        guard descriptor >= 0 else { throw JournalError(path: path, reason: SystemCall.reason()) }
        let startsLine = resume && !Journal.endsWithNewline(path)
        write((startsLine ? "\n" : "") + header.text)
    }

    deinit {
        close(descriptor)
    }

    /// Appends one record's line.
    package func write(_ record: BatchRecord) {
        write(record.json.text)
    }

    /// Appends `line` and a newline in one system call.
    private func write(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        _ = SystemCall.write(Array((line + "\n").utf8), to: descriptor)
    }

    /// The header line of a run: when it started, what it is, whether it resumes, and the working
    /// folder its relative outputs are in (`cwd`, which `JournalLedger` resolves them against).
    package static func header(command: JobKind, resume: Bool, shard: String?) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("run", .string(ISO8601DateFormatter().string(from: Date()))), ("command", .string(command.rawValue)),
            ("resume", .bool(resume)),
        ]
        if let shard { pairs.append(("shard", .string(shard))) }
        return .object(
            pairs + [("pid", .int(Int(getpid()))), ("cwd", .string(FileManager.default.currentDirectoryPath))])
    }

    /// Replaces the journal at `path` with the lines `ledger` keeps, through a temp file beside
    /// it and a rename, so a kill leaves the old journal or the new one, never a mix; the lines
    /// go out a block at a time.
    private static func rewrite(_ path: String, with ledger: JournalLedger) throws(JournalError) {
        let temp = path + ".lightbox-\(getpid())"
        let descriptor = SystemCall.open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw JournalError(path: path, reason: SystemCall.reason()) }
        var block: [UInt8] = []
        var failure: Int32?
        ledger.forEachKept { line in
            block += Array(line.utf8) + [UInt8(ascii: "\n")]
            if block.count >= 1 << 20, failure == nil {
                failure = SystemCall.write(block, to: descriptor)
                block.removeAll(keepingCapacity: true)
            }
        }
        if failure == nil { failure = SystemCall.write(block, to: descriptor) }
        close(descriptor)
        guard failure == nil, rename(temp, path) == 0 else {
            let reason = SystemCall.reason(failure ?? errno)
            unlink(temp)
            throw JournalError(path: path, reason: reason)
        }
    }

    /// Whether the file at `path` is empty or ends with a newline (a kill may have cut its last line).
    private static func endsWithNewline(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return true }
        defer { try? handle.close() }
        guard let end = try? handle.seekToEnd(), end > 0 else { return true }
        try? handle.seek(toOffset: end - 1)
        return handle.readData(ofLength: 1) == Data([UInt8(ascii: "\n")])
    }

    /// The size of the regular file at `path` in bytes, or nil when there is none.
    package static func size(of path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }
}
