import Foundation
import LightboxGeometry
import Vips

/// Renders an input with the crop overlay over it, as the app's crop screen shows it.
public struct CropPreview: Sendable {
    /// The longest side of a preview, in pixels.
    public let size: Int
    /// Pixels per point: line widths and bracket lengths follow the seed's points times this.
    public let scale: Double

    /// Makes a preview renderer.
    public init(size: Int = 1024, scale: Double = 2) {
        self.size = size
        self.scale = scale
    }

    /// The upright `input` fitted into `size` (never enlarged), decoded once for all of its rects.
    public func base(of input: String, failOn: String) throws(RenderError) -> VImage {
        do {
            let image = try DisplayColour.thumbnail(input, width: size, height: size, size: "down", failOn: failOn)
            return try image.flattenedIfAlpha().inMemory()
        } catch {
            throw RenderError(input, error.message)
        }
    }

    /// `base` with the overlay of the normalized `crop` drawn over it.
    public func render(_ crop: CGRect, over base: VImage, input: String) throws(RenderError) -> VImage {
        let svg = CropOverlaySVG.document(crop: crop, width: base.width, height: base.height, scale: CGFloat(scale))
        do {
            let overlay = try VImage.svg(svg)
            return try base.composited([overlay], at: [(x: 0, y: 0)]).cast("uchar").band(0, count: 3).interpreted("srgb")
        } catch {
            throw RenderError(input, "preview: \(error.message)")
        }
    }

    /// Small previews joined into one grid image, `columns` across, each centred in its cell.
    public static func sheet(_ cells: [VImage], columns: Int) throws(VipsError) -> VImage {
        try VOperation.call("arrayjoin", [
            ("in", .images(cells)), ("across", .int(columns)), ("shim", .int(8)),
            ("background", .doubles([40, 40, 40])), ("halign", .nick("centre")), ("valign", .nick("centre")),
        ]).image()
    }
}

extension VImage {
    /// The image flattened onto black when it has alpha, so previews are plain RGB.
    fileprivate func flattenedIfAlpha() throws(VipsError) -> VImage {
        hasAlpha ? try flattened(background: [0, 0, 0]) : self
    }
}
