import Foundation
import Vips

/// The faces standing in for SF Pro, which cannot be shipped: Inter Display or Inter, then DejaVu Sans.
///
/// Inter Display (Debian `fonts-inter` 4) is the open face closest to SF in width: its weighted
/// average advance is 2.8% wider than SF's, Inter's text cut 13.7% and DejaVu Sans 21%
/// (`scripts/font-widths.py`). Pango takes the first installed family of the list; DejaVu has no
/// medium or semibold, so fontconfig picks its nearest weight (Book for medium, Bold for semibold).
package struct Typeface: Sendable, Equatable {
    /// The families in order of preference, as Pango reads them.
    package let families: String
    /// Pango's weight name.
    package let weight: String

    /// The card caption: `.caption.weight(.medium)`, 12 points.
    package static let caption = Typeface(families: "Inter Display,Inter,DejaVu Sans", weight: "Medium")

    /// The viewer's header: `.headline`, 17 points semibold, in Inter's text cut.
    ///
    /// The label's digits must be tabular (`.monospacedDigit()`), and Inter Display's `tnum`
    /// figures are not (their advances run from 1084 to 1277 units in Debian's build).
    package static let headline = Typeface(families: "Inter,DejaVu Sans", weight: "Semi-Bold")

    /// The characters the face's families have (`FontCoverage`), read once a process.
    package var coverage: FontCoverage {
        FontCoverage.of(families: families)
    }

    /// The Pango font description at a size of `pixels` (at 72 dpi, points are pixels).
    package func description(pixels: Double) -> String {
        "\(families) \(weight) \(String(format: "%.2f", max(pixels, 1)))"
    }
}
