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
    /// The last warnings of any thread since a file was last opened, the latest last.
    private static let latest = Mutex<[String]>([])

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
        latest.withLock { $0 = Array(($0 + [message]).suffix(8)) }
    }

    /// Forgets the last warnings: a file is being opened (or a job starts), so earlier ones are not its.
    static func forgetLatest() {
        latest.withLock { $0 = [] }
    }

    /// The last warning since a file was opened that says something of it (not libvips' own
    /// `error in tile`, nor one of the stand-ins), if any.
    static func telling() -> String? {
        latest.withLock { $0 }.last { !$0.hasPrefix("error in tile ") && !standIns.contains($0) }
    }

    /// `line` with the last telling warning after it when `line` is a stand-in for it.
    static func explained(_ line: String) -> String {
        guard standIns.contains(line), let warning = telling() else { return line }
        return "\(line) (\(warning))"
    }
}
