import Foundation
import LightboxGeometry
import Vips

/// The overlay layers of each kind of `PreviewShape`.
extension CropPreview {
    /// The layers to lay over a `width` by `height` photo set `margin` pixels into its page, at
    /// `scale` pixels per point: one SVG for a rect, a turned box or a polygon; a dimming and an
    /// outline made from the mask itself for a run-length mask, which has no outline to draw.
    static func overlay(
        _ shape: PreviewShape, width: Int, height: Int, scale: CGFloat, margin: Int
    ) throws(VipsError) -> [VImage] {
        let document: String
        switch shape {
        case .rect(let rect):
            document = CropOverlaySVG.document(crop: rect, width: width, height: height, scale: scale, margin: margin)
        case .turned(let corners):
            document = CropOverlaySVG.turned(
                corners: corners, width: width, height: height, scale: scale, margin: margin)
        case .polygon(let polygon):
            document = CropOverlaySVG.outline(polygon, width: width, height: height, scale: scale, margin: margin)
        case .mask(let runs):
            return try maskOverlay(runs, width: width, height: height, scale: scale, margin: margin)
        }
        return [try VImage.svg(document)]
    }

    /// A run-length mask's overlay on the page: outside it dimmed as outside a rect is, and its
    /// edge drawn white, about the frame's width, where the mask scaled to the photo changes
    /// within a small square (its dilation less its erosion).
    static func maskOverlay(
        _ runs: RunLengthMask, width: Int, height: Int, scale: CGFloat, margin: Int
    ) throws(VipsError) -> [VImage] {
        let whole = PixelRect(left: 0, top: 0, width: width, height: height)
        let mask = try ShapeMask.runLengthMask(runs, rect: whole, width: width, height: height)
        let outside = try mask.linear([-CropOverlayGeometry.dimOpacity], [255 * CropOverlayGeometry.dimOpacity])
            .cast("uchar")
        let window = 2 * max(Int((CropOverlayGeometry.frameLineWidth * scale / 2).rounded()), 1) + 1
        let edge = try mask.ranked(window: window, index: window * window - 1)
            .subtracting(mask.ranked(window: window, index: 0)).cast("uchar")
        let dim = try VImage.filled(width: width, height: height, color: [0, 0, 0]).bandjoin([outside])
        let line = try VImage.filled(width: width, height: height, color: [255, 255, 255]).bandjoin([edge])
        return try [dim, line].map { (layer) throws(VipsError) in
            try layer.embedded(
                x: margin, y: margin, width: width + 2 * margin, height: height + 2 * margin,
                background: [0, 0, 0, 0])
        }
    }
}
