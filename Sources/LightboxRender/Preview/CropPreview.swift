import Foundation
import LightboxGeometry
import Vips

/// Renders an input with the crop overlay over it, as the app's crop screen shows it.
///
/// Strokes and brackets are in points of the photo as the crop screen shows it: the photo is
/// fitted into the screen's safe area less 16 points, which gives the preview's pixels per point.
/// When a stroke reaches past the photo (a rect at an edge), the preview gets a black margin on
/// every side, as the app draws over its padding, instead of cutting the stroke.
package struct CropPreview: Sendable {
    /// The longest side of a preview's photo, in pixels.
    package let size: Int
    /// The crop screen whose points the strokes are measured in.
    package let screen: CropScreen

    /// Makes a preview renderer; the screen defaults to the seed demo's iPhone.
    package init(size: Int = 1024, screen: CropScreen = CropScreen(device: .demo)) {
        self.size = size
        self.screen = screen
    }

    /// The upright `input` fitted into `size` (never enlarged), decoded once for all of its rects;
    /// transparent pixels flattened onto `background`, the crops' own (`SaveOptions.background`).
    package func base(
        of input: String, failOn: FailOn, background: [Double] = SaveOptions.defaultBackground
    ) throws(RenderError) -> VImage {
        try RenderError.catching(input) { () throws(VipsError) in
            let image = try DisplayColour.thumbnail(input, width: size, height: size, size: "down", failOn: failOn)
            return try image.flattened(onto: background).inMemory()
        }
    }

    /// Pixels of `base` per point of the photo on the crop screen.
    package func pixelsPerPoint(_ base: VImage) -> CGFloat {
        screen.pixelsPerPoint(pixelWidth: CGFloat(base.width), photo: CGSize(width: base.width, height: base.height))
    }

    /// The black margin in pixels that `crop`'s strokes need around a `width` by `height` photo; 0 when they stay on it.
    package static func margin(for crop: CGRect, width: Int, height: Int, pixelsPerPoint: CGFloat) -> Int {
        let reach = CropScreen.strokeReach * pixelsPerPoint
        let frame = CropOverlayGeometry.frame(for: crop, in: CGSize(width: width, height: height))
        let inside =
            frame.minX - reach >= 0 && frame.minY - reach >= 0
            && frame.maxX + reach <= CGFloat(width) && frame.maxY + reach <= CGFloat(height)
        return inside ? 0 : Int(reach.rounded(.up)) + 1
    }

    /// `base` with the overlay of `shape` drawn over it, on a margin when the strokes need one:
    /// a rect as the crop screen draws it, a turned box the same in its own frame, a polygon or
    /// a mask outlined (`PreviewShape`).
    package func render(_ shape: PreviewShape, over base: VImage, input: String) throws(RenderError) -> VImage {
        let scale = pixelsPerPoint(base)
        let margin = Self.margin(for: shape.bounds, width: base.width, height: base.height, pixelsPerPoint: scale)
        return try RenderError.catching(input, prefix: "preview: ") { () throws(VipsError) in
            let page = try base.embedded(
                x: margin, y: margin, width: base.width + 2 * margin, height: base.height + 2 * margin,
                background: [0, 0, 0]
            )
            let overlay = try Self.overlay(shape, width: base.width, height: base.height, scale: scale, margin: margin)
            return try page.composited(overlay, at: overlay.map { _ in (x: 0, y: 0) }).cast("uchar")
                .band(0, count: 3).interpreted("srgb")
        }
    }

    /// Small previews joined into one grid image, `columns` across, each centred in its cell,
    /// with `ContactSheet.gutter` pixels of the gutter's grey between the cells and around them.
    package static func sheet(_ cells: [VImage], columns: Int) throws(VipsError) -> VImage {
        let gutter = ContactSheet.gutter
        let grid = try VOperation.call(
            "arrayjoin",
            [
                ("in", .images(cells)), ("across", .int(columns)), ("shim", .int(gutter)),
                ("background", .doubles(ContactSheet.gutterColour)), ("halign", .nick("centre")),
                ("valign", .nick("centre")),
            ]
        ).image()
        return try grid.embedded(
            x: gutter, y: gutter, width: grid.width + 2 * gutter, height: grid.height + 2 * gutter,
            background: ContactSheet.gutterColour)
    }
}
