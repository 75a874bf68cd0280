import Foundation
import LightboxGeometry
import Vips

/// An oriented box cut as its own upright image (`CropCut.Oriented.upright`): the box's width x
/// height, its top edge level, made by one bicubic resample of the stored pixels in which the
/// EXIF orientation, the box's turn and its position are one affine matrix.
enum UprightCut {
    /// The upright pixels of `frame` (on the displayed image) from `source`, with an alpha band:
    /// transparent where the box reaches past the photo. A CMYK photo becomes sRGB first.
    static func image(
        of frame: BoxFrame, from source: SourceImage
    ) throws(RenderError) -> (image: VImage, decoder: PixelDecoder) {
        guard let area = source.storedArea(of: frame) else {
            throw RenderError(source.path, "the oriented box lies outside the image")
        }
        let (pixels, decoder) = try source.storedPixels(area)
        let (m, b) = frame.outputFromStored(
            orientation: source.orientation, width: source.stored.width, height: source.stored.height)
        // From the area's corner; libvips samples pixel centres at whole numbers: b + M·(½, ½) − (½, ½).
        let shift = (
            b.0 + m[0] * Double(area.left) + m[1] * Double(area.top),
            b.1 + m[2] * Double(area.left) + m[3] * Double(area.top)
        )
        let offset = (shift.0 + (m[0] + m[1]) / 2 - 0.5, shift.1 + (m[2] + m[3]) / 2 - 0.5)
        let size = frame.outputSize
        let image = try RenderError.catching(source.path) { () throws(VipsError) in
            let image = try ShapedPixels.withAlpha(pixels)
            let turned = try image.premultiplied().affine(
                m, area: [0, 0, size.width, size.height], offset: offset,
                background: [Double](repeating: 0, count: image.bands), interpolate: "bicubic",
                extend: "background", premultiplied: true)
            return try turned.unpremultiplied().roundedToNearest().cast(image.format).interpreted(image.interpretation)
        }
        return (image, decoder)
    }
}
