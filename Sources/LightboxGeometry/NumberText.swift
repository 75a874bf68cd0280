import Foundation

/// How every message writes a number: the shortest text that reads back as the same value at
/// 6 significant digits, whole numbers without ".0".
///
/// Arithmetic leaves noise in the last bits (`1 - 0.9` is `0.09999999999999998`); rounded to 6
/// significant digits it is `0.1` again. Warnings, errors, dry-run plans and the numbers of
/// records (`--json`, `--report`, batch answers) all use this one rule; layout files, which are
/// read back, write numbers exactly.
package enum NumberText {
    /// `value` in its short form: `0.1`, `1280`, `0.333333`, `1.5e-07`; `nan` and `inf` as Swift writes them.
    package static func short(_ value: Double) -> String {
        guard value.isFinite else { return String(value) }
        let rounded = rounded(value)
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }

    /// The double the short form names: `value` at 6 significant digits (`0.30000000000000004` is
    /// `0.3`), so its shortest exact text is the short form; non-finite values as they are.
    package static func rounded(_ value: Double) -> Double {
        guard value.isFinite else { return value }
        // C's printf and strtod on a stack buffer: Foundation's String(format:) cost a record a
        // good part of its time (a dataset run formats four of these a crop).
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 32) { text in
            let written = withVaList([value]) { vsnprintf(text.baseAddress, 32, "%.6g", $0) }
            guard written > 0, written < 32 else { return value }
            return strtod(text.baseAddress!, nil)
        }
    }

    /// `value` in its short form (`short`).
    package static func short(_ value: CGFloat) -> String {
        short(Double(value))
    }

    /// `x,y,width,height` of a rect, each in its short form, for messages.
    package static func rect(_ rect: CGRect) -> String {
        [rect.minX, rect.minY, rect.width, rect.height].map { short($0) }.joined(separator: ",")
    }
}
