import Foundation

/// The faces standing in for SF Pro, which cannot be shipped: Inter where installed, DejaVu Sans otherwise.
///
/// Inter (Debian `fonts-inter`) is the closest open face to SF Pro in widths and weights. Pango
/// takes the first installed family of the list; DejaVu has no medium or semibold, so fontconfig
/// picks its nearest weight (Book for medium, Bold for semibold).
package struct Typeface: Sendable, Equatable {
    /// The families in order of preference, as Pango reads them.
    package let families: String
    /// Pango's weight name.
    package let weight: String

    /// The card caption: `.caption.weight(.medium)`, 12 points.
    package static let caption = Typeface(families: "Inter,DejaVu Sans", weight: "Medium")

    /// The viewer's header: `.headline`, 17 points semibold.
    package static let headline = Typeface(families: "Inter,DejaVu Sans", weight: "Semi-Bold")

    /// The Pango font description at a size of `pixels` (at 72 dpi, points are pixels).
    package func description(pixels: Double) -> String {
        "\(families) \(weight) \(String(format: "%.2f", max(pixels, 1)))"
    }
}
