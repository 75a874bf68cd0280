import CVips
import Foundation
import Synchronization

/// libvips' GLib warnings: kept off stderr, and the last one of each thread kept as the reason
/// for an error that libvips reports with an empty error buffer (such as a PNG's bad CRC).
///
/// libpng's own reason for failing mid-image (`IDAT: CRC error`) is only a warning, given on the
/// libvips thread that decodes, while the error says `vipspng: libpng read error`; so the last
/// warnings of every thread are kept too (a few, forgotten whenever a file is opened), and the
/// last one that is not libvips' own `error in tile X x Y` is added to that one message.
///
/// Every warning belongs to the job it was given in: `DecodeState.startJob` forgets them all,
/// those of libvips' pool threads too (they live across jobs), so no job is told another's.
enum VipsWarnings {
    /// The warnings kept: each thread's last, and the process's last few since a file was opened.
    private struct Kept {
        /// The last warning of each thread, by `pthread_self()`.
        var byThread: [UInt: String] = [:]
        /// The last warnings of any thread since a file was last opened, the latest last.
        var latest: [String] = []
    }

    /// Every warning kept, for the job under way.
    private static let kept = Mutex(Kept())

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

    /// Keeps `message` as this thread's last warning, and the process's.
    static func record(_ message: String) {
        let thread = UInt(pthread_self())
        kept.withLock {
            $0.byThread[thread] = message
            $0.latest = Array(($0.latest + [message]).suffix(8))
        }
    }

    /// This thread's last warning, cleared.
    static func takeLast() -> String? {
        let thread = UInt(pthread_self())
        return kept.withLock { $0.byThread.removeValue(forKey: thread) }
    }

    /// Forgets the process's last warnings: a file is being opened, so earlier ones are not its.
    static func forgetLatest() {
        kept.withLock { $0.latest = [] }
    }

    /// Forgets every warning of every thread: a new job starts.
    static func forgetAll() {
        kept.withLock { $0 = Kept() }
    }

    /// `line` with the process's last telling warning after it when `line` is a stand-in for it.
    static func explained(_ line: String) -> String {
        guard standIns.contains(line),
            let warning = kept.withLock({ $0.latest }).last(where: { !$0.hasPrefix("error in tile ") && $0 != line })
        else { return line }
        return "\(line) (\(warning))"
    }
}
