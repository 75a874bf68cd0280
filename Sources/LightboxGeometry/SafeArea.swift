import Foundation

/// The strips at the top and bottom of a screen that content is laid out clear of, in points.
package struct SafeArea: Sendable, Equatable, Codable {
    /// The inset at the top (status bar, Dynamic Island).
    package var top: CGFloat
    /// The inset at the bottom (home indicator).
    package var bottom: CGFloat

    /// Makes safe areas; negative values count as zero.
    package init(top: CGFloat, bottom: CGFloat) {
        self.top = max(top, 0)
        self.bottom = max(bottom, 0)
    }

    /// No safe areas: content may go edge to edge.
    package static let zero = SafeArea(top: 0, bottom: 0)

    /// The part of a `screen` left inside the safe areas, then inside `padding` on every side.
    ///
    /// A side that would be negative is zero.
    package func content(of screen: CGSize, padding: CGFloat) -> CGRect {
        let top = self.top + padding
        let height = max(screen.height - self.top - bottom - 2 * padding, 0)
        let width = max(screen.width - 2 * padding, 0)
        return CGRect(x: padding, y: top, width: width, height: height)
    }
}
