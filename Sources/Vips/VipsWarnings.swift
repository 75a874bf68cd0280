import CVips
import Foundation

/// libvips' GLib warnings: kept off stderr, and the last one of each thread kept as the reason
/// for an error that libvips reports with an empty error buffer (such as a PNG's bad CRC).
enum VipsWarnings {
    private static let key = "lightbox.vips.warning"

    /// Routes the "VIPS" log domain's warnings to `record` instead of stderr.
    static func capture() {
        g_log_set_handler(
            "VIPS", lbx_warning_levels(),
            { _, _, message, _ in
                guard let message else { return }
                VipsWarnings.record(String(cString: message))
            }, nil)
    }

    /// Keeps `message` as this thread's last warning.
    static func record(_ message: String) {
        Thread.current.threadDictionary[key] = message
    }

    /// This thread's last warning, cleared.
    static func takeLast() -> String? {
        let message = Thread.current.threadDictionary[key] as? String
        Thread.current.threadDictionary.removeObject(forKey: key)
        return message
    }
}
