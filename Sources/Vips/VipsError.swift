import CVips
import Foundation

/// The one error type of the binding: a message taken from libvips' error buffer or from the
/// binding itself, and the warnings the decoder gave about the file before it failed.
package struct VipsError: Error, Sendable, CustomStringConvertible {
    /// The text libvips (or the binding) gave, on one line: the error alone, never its warnings.
    package let message: String
    /// The decoder's warnings about the file, apart from what `message` says.
    package let warnings: DecoderWarnings

    /// Makes an error with a message of the binding's own (and the file's `warnings`, if any).
    package init(_ message: String, warnings: DecoderWarnings = DecoderWarnings()) {
        self.message = message
        self.warnings = warnings
    }

    /// The most characters of error lines a message keeps: the first line (cut to this length),
    /// and the next ones while they fit; the rest (other tiles failing on other threads) are
    /// counted with the warnings, so a reason stays one short line however much the decoder said.
    static let longestDetail = 500

    /// Reads and clears libvips' global error buffer in one locked step, after `context`: the
    /// error is its lines that are not libjpeg's warnings (`JPEGWarningTexts`; when all are, the
    /// first, which the loader's `fail_on` made fatal), and the warnings are the rest with those
    /// given since the file was opened (`VipsWarnings.given`). With nothing there, the last
    /// telling warning is the error.
    package static func fromBuffer(_ context: String) -> VipsError {
        var text = ""
        if let buffer = vips_error_buffer_copy() {
            text = String(cString: buffer)
            g_free(buffer)
        }
        // A decoder that fails on every tile or strip says the same line many times: once is enough.
        return made(
            context, lines: VipsWarnings.bufferLines(text), warnings: VipsWarnings.recordedForFile(),
            telling: VipsWarnings.telling().map(PinnedFiles.restoring))
    }

    /// The error made of the error buffer's distinct `lines`, the file's `warnings` recorded so
    /// far and its last `telling` warning, as `fromBuffer` says.
    static func made(_ context: String, lines: [String], warnings: DecoderWarnings, telling: String?) -> VipsError {
        var warnings = warnings
        var errors = lines.filter { !JPEGWarningTexts.isWarning($0) }
        let jpegWarnings = lines.filter(JPEGWarningTexts.isWarning)
        if errors.isEmpty, let fatal = jpegWarnings.first { errors = [fatal] }
        for line in jpegWarnings where line != errors.first { warnings.add(line) }
        let explained = errors.map { line in
            guard VipsWarnings.standIns.contains(line), let telling else { return line }
            return "\(line) (\(telling))"
        }
        let kept = fitting(explained)
        for line in explained.dropFirst(kept.count) { warnings.add(line) }
        if !kept.isEmpty {
            let told = errors.prefix(kept.count).contains(where: VipsWarnings.standIns.contains) ? telling : nil
            return VipsError("\(context): \(kept.joined(separator: "; "))", warnings: warnings.removing(told))
        }
        if let telling { return VipsError("\(context): \(telling)", warnings: warnings.removing(telling)) }
        return VipsError("\(context): failed (libvips gave no reason)", warnings: warnings)
    }

    /// The first of `lines` (cut to `longestDetail` characters) and the next ones while the
    /// lines joined stay within `longestDetail`.
    static func fitting(_ lines: [String]) -> [String] {
        guard let first = lines.first else { return [] }
        var kept = [first.count > longestDetail ? String(first.prefix(longestDetail)) + " …" : first]
        var length = kept[0].count
        for line in lines.dropFirst() {
            length += 2 + line.count
            guard length <= longestDetail else { break }
            kept.append(line)
        }
        return kept
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
