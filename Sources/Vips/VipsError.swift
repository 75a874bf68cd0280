import CVips
import Foundation

/// The one error type of the binding: a message taken from libvips' error buffer or from the binding itself.
package struct VipsError: Error, Sendable, CustomStringConvertible {
    /// The text libvips (or the binding) gave, on one line.
    package let message: String

    /// Makes an error with a message of the binding's own.
    package init(_ message: String) {
        self.message = message
    }

    /// Reads and clears libvips' global error buffer in one locked step, after `context`; with
    /// nothing there, the last telling warning since the file was opened (`VipsWarnings`).
    package static func fromBuffer(_ context: String) -> VipsError {
        var text = ""
        if let buffer = vips_error_buffer_copy() {
            text = String(cString: buffer)
            g_free(buffer)
        }
        // A decoder that fails on every tile or strip says the same line many times: once is enough.
        var seen: Set<String> = []
        let detail = PinnedFiles.restoring(text).split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && seen.insert($0).inserted }
            .map(VipsWarnings.explained)
            .joined(separator: "; ")
        if !detail.isEmpty { return VipsError("\(context): \(detail)") }
        if let warning = VipsWarnings.telling() { return VipsError("\(context): \(PinnedFiles.restoring(warning))") }
        return VipsError("\(context): failed (libvips gave no reason)")
    }

    /// The message, as printed.
    package var description: String { message }
}

extension VipsError {
    /// The last warning a decoder gave since the file was opened, for a failure whose message
    /// says nothing of its own (a saver's "unable to write" when the pixels could not be read).
    package static var lastWarning: String? {
        VipsWarnings.telling().map(PinnedFiles.restoring)
    }
}
