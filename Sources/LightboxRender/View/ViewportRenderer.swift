import Foundation
import LightboxGeometry
import Vips

/// Renders one viewer snapshot: one affine from the loaded pixels into the visible page, then the backdrop and header.
package struct ViewportRenderer: Sendable {
    /// The colour translucent pixels are flattened onto (0 to 255 per band), or nil to keep the alpha.
    package let under: [Double]?

    /// Makes a renderer; pass `under` for outputs that cannot keep translucency (JPEG) or when asked to.
    package init(under: [Double]?) {
        self.under = under
    }

    /// The snapshot of `pixels` laid out by `layout`, with the header `chrome` when given, the
    /// whole viewer at `opacity` (below 1 while the app removes it; 0 leaves only what is under it).
    package func render(
        _ pixels: ViewportPixels, layout: ViewportLayout, chrome: ViewChrome?, opacity: CGFloat = 1
    ) throws(VipsError) -> VImage {
        if opacity <= 0 {
            return try finished(
                VImage.filled(width: layout.pixelWidth, height: layout.pixelHeight, color: [0, 0, 0, 0]))
        }
        var image: VImage
        switch layout.style {
        case .viewer where layout.backdropOpacity >= 1:
            image = try opaqueViewer(pixels, layout: layout, chrome: layout.pull == 0 ? chrome : nil)
        case .viewer:
            image = try translucentViewer(pixels, layout: layout)
        case .screen:
            image = try screen(pixels, layout: layout, chrome: chrome)
        }
        if opacity < 1 {
            image =
                image.hasAlpha
                ? try image.linear(
                    [Double](repeating: 1, count: image.bands - 1) + [Double(opacity)],
                    [Double](repeating: 0, count: image.bands))
                : try image.appendingBands([(Double(opacity) * 255).rounded()])
        }
        return try finished(image)
    }

    /// The photo resampled once onto the output pixels it covers, with where it goes; nil when out of sight.
    ///
    /// With `onBlack`, a translucent photo is flattened onto black first (over black that equals
    /// compositing after the resampling, and keeps the affine on three bands); otherwise the
    /// result has an alpha band. Edges are extended, since only pixels inside the photo are made.
    func placedPhoto(
        _ pixels: ViewportPixels, layout: ViewportLayout, onBlack: Bool
    ) throws(VipsError) -> (image: VImage, left: Int, top: Int)? {
        guard let area = layout.visiblePhoto else { return nil }
        var source = pixels.image
        if onBlack, source.hasAlpha { source = try source.flattened(background: [0, 0, 0]) }
        if !onBlack, !source.hasAlpha { source = try source.appendingBands([255]) }
        let placement = pixels.transform(to: layout.photoRect, origin: (area.left, area.top))
        let image = try source.affine(
            placement.matrix, area: [0, 0, area.width, area.height], offset: placement.offset, extend: "copy"
        )
        return (image, area.left, area.top)
    }

    /// The viewer at rest (or pushed up): opaque black wherever the photo is not.
    private func opaqueViewer(
        _ pixels: ViewportPixels, layout: ViewportLayout, chrome: ViewChrome?
    ) throws(VipsError) -> VImage {
        let (width, height) = (layout.pixelWidth, layout.pixelHeight)
        var image: VImage
        if let photo = try placedPhoto(pixels, layout: layout, onBlack: true) {
            image = try photo.image.embedded(
                x: photo.left, y: photo.top, width: width, height: height, background: [0, 0, 0])
        } else {
            image = try VImage.filled(width: width, height: height, color: [0, 0, 0])
        }
        if let chrome {
            image = try chrome.drawn(
                over: image, origin: layout.headerOrigin, width: layout.screen.width, scale: layout.scale)
        }
        return image
    }

    /// The pulled viewer: the photo (with its own alpha) over a black backdrop that lets the app show through.
    private func translucentViewer(_ pixels: ViewportPixels, layout: ViewportLayout) throws(VipsError) -> VImage {
        let alpha = (layout.backdropOpacity * 255).rounded()
        let backdrop = try VImage.filled(
            width: layout.pixelWidth, height: layout.pixelHeight, color: [0, 0, 0, Double(alpha)])
        guard let photo = try placedPhoto(pixels, layout: layout, onBlack: false) else { return backdrop }
        return try backdrop.composited([photo.image], at: [(photo.left, photo.top)])
    }

    /// The drag-to-dismiss page: the viewer page (photo on black, header) shrunk, faded and moved down.
    private func screen(
        _ pixels: ViewportPixels, layout: ViewportLayout, chrome: ViewChrome?
    ) throws(VipsError) -> VImage {
        let clear = [0.0, 0, 0, 0]
        guard let area = layout.visiblePage else {
            return try VImage.filled(width: layout.pixelWidth, height: layout.pixelHeight, color: clear)
        }
        var page: VImage
        if let photo = try placedPhoto(pixels, layout: layout, onBlack: true) {
            page = try photo.image.embedded(
                x: photo.left - area.left, y: photo.top - area.top, width: area.width, height: area.height,
                background: [0, 0, 0]
            )
        } else {
            page = try VImage.filled(width: area.width, height: area.height, color: [0, 0, 0])
        }
        if let chrome {
            let origin = CGPoint(
                x: layout.headerOrigin.x - CGFloat(area.left), y: layout.headerOrigin.y - CGFloat(area.top))
            page = try chrome.drawn(
                over: page, origin: origin, width: layout.screen.width, scale: layout.scale * layout.contentScale)
        }
        let faded = try page.appendingBands([Double((layout.contentOpacity * 255).rounded())])
        return try faded.embedded(
            x: area.left, y: area.top, width: layout.pixelWidth, height: layout.pixelHeight, background: clear)
    }

    /// 8-bit sRGB without an orientation tag, flattened onto `under` when set.
    private func finished(_ image: VImage) throws(VipsError) -> VImage {
        var result = image
        if let under, result.hasAlpha { result = try result.flattened(background: under) }
        if result.format != "uchar" { result = try result.cast("uchar") }
        // The pixels are upright now, so the source's orientation tag must not travel with them.
        return try result.interpreted("srgb").removingFields { $0 == "orientation" }
    }
}
