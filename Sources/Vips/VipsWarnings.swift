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
enum VipsWarnings {
    /// The last warnings of any thread since a file was last opened (the latest last), and how
    /// many were ever recorded.
    private static let kept = Mutex<(latest: [String], recorded: Int)>(([], 0))

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

    /// Keeps `message` among the last warnings.
    static func record(_ message: String) {
        kept.withLock {
            $0.latest = Array(($0.latest + [message]).suffix(8))
            $0.recorded += 1
        }
    }

    /// Runs `work` and returns the warnings given meanwhile (the last 8 at most), which are then
    /// forgotten: they are the work's (a probe), not the file's.
    static func taken<T>(_ work: () -> T) -> (T, [String]) {
        let before = kept.withLock { $0 }
        let result = work()
        let new = kept.withLock { state in
            defer { state.latest = before.latest }
            return Array(state.latest.suffix(min(8, state.recorded - before.recorded)))
        }
        return (result, new)
    }

    /// Forgets the last warnings: a file is being opened (or a job starts), so earlier ones are not its.
    static func forgetLatest() {
        kept.withLock { $0.latest = [] }
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
