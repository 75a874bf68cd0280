import Foundation
import LightboxGeometry

/// The crop overlay as the seed draws it, as an SVG document over an image of a given size.
///
/// Outside the frame is dimmed with 55% black, the thirds are white at 50%, the frame is white
/// and the corner brackets are thick white strokes with round caps. Sizes are in points; the
/// document is in pixels, `scale` pixels per point, with the image `margin` pixels in from its
/// edges (the dimming covers only the image; strokes may reach over the margin).
enum CropOverlaySVG {
    /// The overlay for the normalized `crop` over a `width` by `height` pixel image set `margin` pixels in.
    static func document(crop: CGRect, width: Int, height: Int, scale: CGFloat, margin: Int = 0) -> String {
        guard scale > 0 else { return empty(width: width, height: height, margin: margin) }
        let points = CGSize(width: CGFloat(width) / scale, height: CGFloat(height) / scale)
        let frame = CropOverlayGeometry.frame(for: crop, in: points)
        let px = { (value: CGFloat) in String(format: "%.2f", Double(value * scale)) }
        let box = { (rect: CGRect) in
            "M\(px(rect.minX)) \(px(rect.minY))H\(px(rect.maxX))V\(px(rect.maxY))H\(px(rect.minX))Z"
        }
        let whole = CGRect(x: 0, y: 0, width: points.width, height: points.height)
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width + 2 * margin)" height="\(height + 2 * margin)">\
            <g transform="translate(\(margin) \(margin))">\
            <path d="\(box(whole))\(box(frame))" fill="black" fill-opacity="\(CropOverlayGeometry.dimOpacity)" fill-rule="evenodd"/>\
            \(strokes(frame: frame, px: px))</g></svg>
            """
    }
}
