import Foundation
import LightboxGeometry
import Vips

/// The viewer's header: "N of M" at the left and the round close button with its cross at the right.
///
/// Laid out in points on a 44-point row 16 points from the edges, below the top safe area: the
/// label in the headline face (`Typeface.headline`) centred on the row; the button a circle of
/// `CloseButtonMaterial`, a blurred and darkened copy of the pixels under it, with a white cross.
package struct ViewChrome: Sendable, Equatable {
    /// The label, such as "2 of 5".
    package let label: String

    /// Makes the header for `page` (from 0, clamped) of `count` photos.
    package init(page: Int, count: Int) {
        label = ViewportMath.pageLabel(page: page, count: count) ?? ""
    }

    /// The headline font size in points.
    static let fontSize: CGFloat = 17
    /// Half the length of each stroke of the cross, in points.
    static let crossHalf: CGFloat = 6.5
    /// The width of the cross's strokes, in points.
    static let crossWidth: CGFloat = 2.4

    /// The close button's centre in points from the header's top-left, on a header `width` points wide.
    static func buttonCentre(width: CGFloat) -> CGPoint {
        let side = ViewportMath.closeButtonSide
        return CGPoint(x: width - ViewportMath.headerPadding - side / 2, y: side / 2)
    }

    /// `page` with the header drawn on it: its top-left at `origin` pixels, `width` points wide at `scale`.
    ///
    /// `page` is opaque RGB; the result has the same bands.
    package func drawn(over page: VImage, origin: CGPoint, width: CGFloat, scale: CGFloat) throws(VipsError) -> VImage {
        let centre = Self.buttonCentre(width: width)
        let side = ViewportMath.closeButtonSide * scale
        let corner = (
            x: Int((origin.x + (centre.x - ViewportMath.closeButtonSide / 2) * scale).rounded()),
            y: Int((origin.y + (centre.y - ViewportMath.closeButtonSide / 2) * scale).rounded())
        )
        let box = max(Int(side.rounded()), 1)
        var layers: [VImage] = []
        var positions: [(x: Int, y: Int)] = []
        // A safe area taller than the screen puts the button off the page: there is nothing to blur.
        if corner.x < page.width, corner.y < page.height, corner.x + box > 0, corner.y + box > 0 {
            layers.append(
                try CloseButtonMaterial.disc(
                    under: page, left: corner.x, top: corner.y, side: box, scale: Double(scale)))
            layers.append(try VImage.svg(crossDocument(side: box, scale: scale)))
            positions += [corner, corner]
        }
        if let text = try labelImage(scale: scale) {
            layers.append(text)
            let top = origin.y + (ViewportMath.closeButtonSide * scale - CGFloat(text.height)) / 2
            positions.append((Int((origin.x + ViewportMath.headerPadding * scale).rounded()), Int(top.rounded())))
        }
        guard !layers.isEmpty else { return page }
        return try page.composited(layers, at: positions).band(0, count: page.bands).cast("uchar")
    }

    /// The white cross on a transparent square `side` pixels wide, drawn in points at `scale`.
    func crossDocument(side: Int, scale: CGFloat) -> String {
        let mid = CGFloat(side) / 2
        let half = Self.crossHalf * scale
        let path =
            "M\(mid - half),\(mid - half) L\(mid + half),\(mid + half) M\(mid + half),\(mid - half) L\(mid - half),\(mid + half)"
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(side)" height="\(side)">\
            <path d="\(path)" stroke="#ffffff" stroke-width="\(Self.crossWidth * scale)" stroke-linecap="round" fill="none"/></svg>
            """
    }

    /// The label in white as RGBA, as tall as the font's line, or nil for an empty label.
    ///
    /// Digits are tabular (OpenType `tnum`), as the seed's `.monospacedDigit()` sets them.
    func labelImage(scale: CGFloat) throws(VipsError) -> VImage? {
        guard !label.isEmpty else { return nil }
        return try TextLine.image(
            label, face: .headline, pixels: Double(Self.fontSize * scale), ink: [255, 255, 255], features: "tnum")
    }
}
