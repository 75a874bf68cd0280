import Foundation
import LightboxFormats

/// Where item records go as JSON lines: a `--report` file, stdout (`--json`), both or neither.
final class BatchReport: @unchecked Sendable {
    private let file: FileHandle?
    private let console: Console?
    private let lock = NSLock()

    /// Opens `path` (truncating it) for the report, and prints on `console` when given.
    init(path: String?, console: Console?) throws(BatchProblem) {
        self.console = console
        guard let path else {
            file = nil
            return
        }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            throw BatchProblem(path, "cannot write the report")
        }
        file = handle
    }

    deinit {
        try? file?.close()
    }

    /// Writes one record's line.
    func write(_ record: BatchRecord) {
        guard file != nil || console != nil else { return }
        let line = record.json.text
        lock.lock()
        defer { lock.unlock() }
        file?.write(Data((line + "\n").utf8))
        console?.out(line)
    }
}
