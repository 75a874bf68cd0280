import CJpeg
import Foundation

/// Tells libjpeg's warnings from its errors in libvips' error buffer.
///
/// libvips' JPEG reader writes libjpeg's first warning about a file (`Corrupt JPEG data: premature
/// end of data segment`) into the error buffer, as `VipsJpeg: ` and the text, the way it writes
/// an error, and leaves it there when the decode goes on and succeeds. A TIFF whose tiles are
/// JPEG does so once per tile. Only the words tell them apart, so they are matched against
/// libjpeg's own table of warning formats (`JWRN_`, `lbx_jpeg_warning_format`).
enum JPEGWarningTexts {
    /// One pattern per libjpeg warning format: its `%d`, `%u`, `%02x`... stand for any word.
    static let patterns: [NSRegularExpression] = {
        var patterns: [NSRegularExpression] = []
        var index: Int32 = 0
        while let format = lbx_jpeg_warning_format(index) {
            index += 1
            let escaped = NSRegularExpression.escapedPattern(for: String(cString: format))
            let pattern = escaped.replacingOccurrences(
                of: #"%[0-9]*l?[a-z]"#, with: #"\\S*"#, options: .regularExpression)
            if let regex = try? NSRegularExpression(pattern: "^(VipsJpeg: )?" + pattern + "$") {
                patterns.append(regex)
            }
        }
        return patterns
    }()

    /// Whether `line` (from the error buffer, with or without `VipsJpeg: `) is one of libjpeg's warnings.
    static func isWarning(_ line: String) -> Bool {
        let range = NSRange(line.startIndex..., in: line)
        return patterns.contains { $0.firstMatch(in: line, range: range) != nil }
    }
}
