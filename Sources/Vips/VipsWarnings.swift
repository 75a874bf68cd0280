import CVips
import Foundation
import Synchronization

/// libvips' GLib warnings: kept off stderr, and the last few kept as the reason for an error that
/// libvips reports without one.
///
/// Decoders often say why they failed only in a warning, given on the libvips thread that
/// decodes: libpng's `IDAT: CRC error` while the error says `vipspng: libpng read error`, or
/// nothing at all (an interlaced PNG's read fails with an empty error buffer). So the last
/// warnings of any thread since a file was last opened are kept, and the last one that is not
/// libvips' own `error in tile X x Y` is added to such a stand-in, or given when libvips gave no
/// reason. They belong to the job they were given in: `DecodeState.startJob` forgets them.
///
/// Every warning since the file was opened is also kept as the file's (`given`), once each and
/// without libvips' own echoes of a failure, for what becomes of the file to carry.
enum VipsWarnings {
    /// What is kept since a file was last opened.
    private struct State {
        /// The last warnings of any thread (the latest last).
        var latest: [String] = []
        /// How many warnings were ever recorded.
        var recorded = 0
        /// The file's warnings, as `given` says them.
        var file = DecoderWarnings()
        /// The file they are about, as it was opened; nil before any.
        var path: String?
    }

    /// The warnings kept.
    private static let kept = Mutex(State())

    /// libvips errors that stand for a reason given only as a warning.
    static let standIns: Set<String> = ["vipspng: libpng read error"]

    /// Routes the "VIPS" log domain's warnings to `record` instead of stderr.
    static func capture() {
        g_log_set_handler(
            "VIPS", lbx_warning_levels(),
            { _, _, message, _ in
                guard let message else { return }
                VipsWarnings.record(String(cString: message))
            }, nil)
    }

    /// Keeps `message` among the last warnings, and as the file's unless it is an echo (`echoes`).
    static func record(_ message: String) {
        let lines = fileLines(of: message)
        kept.withLock {
            $0.latest = Array(($0.latest + [message]).suffix(8))
            $0.recorded += 1
            for line in lines { $0.file.add(line) }
        }
    }

    /// libvips' own notes about files that are whole, which say nothing of damage: libvips 8.14
    /// reads no nclx colour box, which nearly every HEIC and AVIF carries.
    static let notes: Set<String> = ["heifload: ignoring nclx profile"]

    /// The lines of a warning that are the file's: libvips' `error in tile` and `read gave N
    /// warnings` only echo a failure or a count, its `notes` are about whole files, and a
    /// warning of several lines is the JPEG reader's copy of the error buffer at its clean-up,
    /// of which only libjpeg's warnings are the file's (its errors were the failure's).
    static func fileLines(of message: String) -> [String] {
        let lines = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        let copied = lines.count > 1
        return lines.filter { line in
            guard !line.isEmpty, !line.hasPrefix("error in tile "), !isWarningCount(line), !notes.contains(line)
            else { return false }
            return !copied || JPEGWarningTexts.isWarning(line)
        }
    }

    /// Whether `line` is libvips' count of a JPEG's warnings (`read gave 3 warnings`).
    private static func isWarningCount(_ line: String) -> Bool {
        line.hasPrefix("read gave ") && line.hasSuffix(" warnings")
    }

    /// The warnings given about the file since it was opened: those recorded, then libjpeg's
    /// warnings left in libvips' error buffer (read, not cleared, and kept from then on), each
    /// once; paths of pinned files given back their names.
    package static func given() -> DecoderWarnings {
        let left = bufferLines(String(cString: vips_error_buffer())).filter(JPEGWarningTexts.isWarning)
        // Kept as the file's: the buffer may be read and cleared before a later output of the file is written.
        kept.withLock { state in
            for line in left { state.file.add(line) }
        }
        return recordedForFile()
    }

    /// The warnings recorded for the file since it was opened, paths of pinned files given back their names.
    static func recordedForFile() -> DecoderWarnings {
        let file = kept.withLock { $0.file }
        var restored = DecoderWarnings()
        for message in file.messages { restored.add(PinnedFiles.restoring(message)) }
        restored.countMore(file.count - file.messages.count)
        return restored
    }

    /// The distinct non-empty lines of error-buffer `text`, trimmed, in order, pinned paths given back their names.
    static func bufferLines(_ text: String) -> [String] {
        var seen: Set<String> = []
        return PinnedFiles.restoring(text).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// Runs `work` and returns the warnings given meanwhile (the last 8 at most), which are then
    /// forgotten: they are the work's (a probe), not the file's.
    static func taken<T>(_ work: () -> T) -> (T, [String]) {
        let before = kept.withLock { $0 }
        let result = work()
        let new = kept.withLock { state in
            defer { (state.latest, state.file, state.path) = (before.latest, before.file, before.path) }
            return Array(state.latest.suffix(min(8, state.recorded - before.recorded)))
        }
        return (result, new)
    }

    /// Forgets the last warnings and the file's: a job starts, so earlier ones are not its.
    static func forgetLatest() {
        kept.withLock { ($0.latest, $0.file, $0.path) = ([], DecoderWarnings(), nil) }
    }

    /// Forgets the last warnings, and the file's unless `path` is that file again: it is being
    /// opened, so earlier ones are not its. The same file opened again (shrunk on load, or for
    /// its pixels) is often served by libvips' operation cache, whose decoder does not warn twice.
    static func opening(_ path: String) {
        kept.withLock { state in
            state.latest = []
            guard state.path != path else { return }
            (state.file, state.path) = (DecoderWarnings(), path)
        }
    }

    /// The last warning since a file was opened that says something of it (not libvips' own
    /// `error in tile`, nor one of the stand-ins), if any.
    static func telling() -> String? {
        kept.withLock { $0.latest }.last { !$0.hasPrefix("error in tile ") && !standIns.contains($0) }
    }

    /// `line` with the last telling warning after it when `line` is a stand-in for it.
    static func explained(_ line: String) -> String {
        guard standIns.contains(line), let warning = telling() else { return line }
        return "\(line) (\(warning))"
    }
}
