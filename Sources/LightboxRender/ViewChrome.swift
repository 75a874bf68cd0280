import Foundation
import LightboxGeometry
import Vips

/// The viewer's header: "N of M" at the left and the round close button with its cross at the right.
///
/// Drawn as one SVG in points: 16 points from the edges, a 44-point row, the label in the
/// headline font (17-point DejaVu Sans Bold standing in for SF semibold) centred on the row,
/// the button's material approximated by white at 20% opacity.
public struct ViewChrome: Sendable, Equatable {
    /// The label, such as "2 of 5".
    public let label: String

    /// Makes the header for `page` (from 0, clamped) of `count` photos.
    public init(page: Int, count: Int) {
        label = ViewportMath.pageLabel(page: page, count: count) ?? ""
    }

    /// The headline font size in points.
    static let fontSize: CGFloat = 17
    /// DejaVu Sans' ascent and descent per em, for centring the label's line box on the row.
    static let ascent: CGFloat = 0.928
    /// DejaVu Sans' descent per em.
    static let descent: CGFloat = 0.236
    /// Half the length of each stroke of the cross, in points.
    static let crossHalf: CGFloat = 6.5

    /// The header SVG for a screen `width` points wide.
    public func svg(width: CGFloat) -> String {
        let padding = ViewportMath.headerPadding
        let side = ViewportMath.closeButtonSide
        let centre = CGPoint(x: width - padding - side / 2, y: side / 2)
        let lineTop = side / 2 - (Self.ascent + Self.descent) * Self.fontSize / 2
        let baseline = lineTop + Self.ascent * Self.fontSize
        let half = Self.crossHalf
        let cross = "M\(centre.x - half),\(centre.y - half) L\(centre.x + half),\(centre.y + half) "
            + "M\(centre.x + half),\(centre.y - half) L\(centre.x - half),\(centre.y + half)"
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(side)" viewBox="0 0 \(width) \(side)">
            <circle cx="\(centre.x)" cy="\(centre.y)" r="\(side / 2)" fill="#ffffff" fill-opacity="0.2"/>
            <path d="\(cross)" stroke="#ffffff" stroke-width="2.4" stroke-linecap="round" fill="none"/>
            <text x="\(padding)" y="\(baseline)" font-family="DejaVu Sans" font-weight="bold" \
            font-size="\(Self.fontSize)" fill="#ffffff">\(escaped(label))</text>
            </svg>
            """
    }

    /// The header rendered at `scale` pixels per point (RGBA, transparent around the drawing).
    public func image(width: CGFloat, scale: CGFloat) throws(VipsError) -> VImage {
        try VImage.svg(svg(width: width), scale: Double(scale))
    }

    /// The label with XML's special characters escaped.
    private func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }
}
