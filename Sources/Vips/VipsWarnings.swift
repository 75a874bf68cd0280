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
enum VipsWarnings {
    private static let key = "lightbox.vips.warning"

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

    /// Keeps `message` as this thread's last warning, and the process's.
    static func record(_ message: String) {
        Thread.current.threadDictionary[key] = message
        latest.withLock { $0 = Array(($0 + [message]).suffix(8)) }
    }

    /// This thread's last warning, cleared.
    static func takeLast() -> String? {
        let message = Thread.current.threadDictionary[key] as? String
        Thread.current.threadDictionary.removeObject(forKey: key)
        return message
    }

    /// Forgets the process's last warnings: a file is being opened, so earlier ones are not its.
    static func forgetLatest() {
        latest.withLock { $0 = [] }
    }

    /// `line` with the process's last telling warning after it when `line` is a stand-in for it.
    static func explained(_ line: String) -> String {
        guard standIns.contains(line),
            let warning = latest.withLock({ $0 }).last(where: { !$0.hasPrefix("error in tile ") && $0 != line })
        else { return line }
        return "\(line) (\(warning))"
    }
}
