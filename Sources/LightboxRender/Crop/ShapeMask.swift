import Foundation
import LightboxGeometry
import Vips

/// The 8-bit mask of a shape over one crop rect: 255 inside, 0 outside, anti-aliased along a
/// polygon's edges (drawn by librsvg through libvips' `svgload`, as the crop preview is).
enum ShapeMask {
    /// The mask of `shape` over `rect`, on a displayed `width` x `height` photo.
    static func image(_ shape: CropShape, rect: PixelRect, width: Int, height: Int) throws(VipsError) -> VImage {
        if case .mask(let runs) = shape { return try runLengthMask(runs, rect: rect, width: width, height: height) }
        guard let outline = shape.outline(width: width, height: height) else {
            throw VipsError("the shape has no outline")
        }
        return try VImage.svg(document(outline, rect: rect, width: width, height: height)).band(3)
    }

    /// An SVG of `rect`'s size with each part of `outline` filled opaque, so they unite.
    static func document(_ outline: PolygonShape, rect: PixelRect, width: Int, height: Int) -> String {
        let px = { (value: Double) in String(format: "%.4f", value) }
        let paths = outline.parts.map { part in
            let points = part.map { point in
                "\(px(point.x * Double(width) - Double(rect.left))) \(px(point.y * Double(height) - Double(rect.top)))"
            }
            return "<path d=\"M\(points.joined(separator: "L"))Z\" fill=\"white\"/>"
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(rect.width)" height="\(rect.height)" \
            viewBox="0 0 \(rect.width) \(rect.height)">\(paths.joined())</svg>
            """
    }

    /// A run-length mask's pixels under `rect`: taken as they are when its grid is the photo's
    /// size, else read from the grid around `rect` and scaled to it (bilinear, soft edges).
    static func runLengthMask(
        _ mask: RunLengthMask, rect: PixelRect, width: Int, height: Int
    ) throws(VipsError) -> VImage {
        if mask.width == width && mask.height == height {
            return try VImage.fromUCharBytes(
                mask.values(in: rect), width: rect.width, height: rect.height, bands: 1, interpretation: "b-w")
        }
        let (sx, sy) = (Double(width) / Double(mask.width), Double(height) / Double(mask.height))
        let left = max(Int((Double(rect.left) / sx).rounded(.down)) - 1, 0)
        let top = max(Int((Double(rect.top) / sy).rounded(.down)) - 1, 0)
        let right = min(Int((Double(rect.right) / sx).rounded(.up)) + 1, mask.width)
        let bottom = min(Int((Double(rect.bottom) / sy).rounded(.up)) + 1, mask.height)
        let grid = PixelRect(left: left, top: top, width: max(right - left, 1), height: max(bottom - top, 1))
        let small = try VImage.fromUCharBytes(
            mask.values(in: grid), width: grid.width, height: grid.height, bands: 1, interpretation: "b-w")
        // Grid pixel edges at whole numbers map to photo pixels by (sx, sy); libvips samples centres.
        let offset = (
            sx * Double(grid.left) - Double(rect.left) + sx / 2 - 0.5,
            sy * Double(grid.top) - Double(rect.top) + sy / 2 - 0.5
        )
        return try small.affine(
            [sx, 0, 0, sy], area: [0, 0, rect.width, rect.height], offset: offset, interpolate: "bilinear",
            extend: "copy"
        ).cast("uchar")
    }
}
