import Foundation
import LightboxGeometry
import Vips

/// `--resize` and `--fit`: the size every crop is resampled to, with sharp's meanings of fit.
package struct CropResize: Sendable, Equatable, Codable {
    /// How a crop meets the target size.
    package enum Fit: String, Sendable, CaseIterable, Codable {
        /// Stretched to exactly the target, the aspect ratio not kept.
        case fill
        /// Scaled to cover the target, then the overflow cut off equally on both sides.
        case cover
        /// Scaled to fit inside the target, the rest padded with the background.
        case contain
    }

    /// The target width.
    package let width: Int
    /// The target height.
    package let height: Int
    /// How the crop meets it.
    package let fit: Fit
    /// The padding colour for `contain`, components from 0 to 255.
    package let background: [Double]

    /// Makes a resize.
    package init(width: Int, height: Int, fit: Fit = .cover, background: [Double] = [0, 0, 0]) {
        self.width = width
        self.height = height
        self.fit = fit
        self.background = background
    }

    /// The largest shrink-on-load (1, 2, 4 or 8) after which a crop of `pixels` still has the
    /// pixels the one resample needs, so it only ever scales down from enough detail.
    package func loadShrink(for pixels: PixelRect) -> Int {
        let allowed = allowedShrink(for: pixels)
        var shrink = 1
        while shrink < 8 && Double(shrink * 2) <= allowed { shrink *= 2 }
        return shrink
    }

    /// How many times smaller than full size a crop of `pixels` may be decoded and still give the target every pixel.
    package func allowedShrink(for pixels: PixelRect) -> Double {
        let ratios = (Double(pixels.width) / Double(width), Double(pixels.height) / Double(height))
        return fit == .contain ? max(ratios.0, ratios.1) : min(ratios.0, ratios.1)
    }

    /// The crop resampled once (lanczos3) to the target, cut or padded as `fit` says.
    package func apply(_ image: VImage) throws(VipsError) -> VImage {
        let (sx, sy) = (Double(width) / Double(image.width), Double(height) / Double(image.height))
        switch fit {
        case .fill:
            return try exact(try image.resized(sx, vscale: sy))
        case .cover:
            let scaled = try image.resized(max(sx, sy))
            let left = max(0, (scaled.width - width) / 2), top = max(0, (scaled.height - height) / 2)
            return try exact(
                try scaled.crop(
                    left: left, top: top, width: min(width, scaled.width), height: min(height, scaled.height)))
        case .contain:
            let scaled = try image.resized(min(sx, sy))
            let inner = try scaled.crop(
                left: 0, top: 0, width: min(width, scaled.width), height: min(height, scaled.height))
            return try inner.embedded(
                x: (width - inner.width) / 2, y: (height - inner.height) / 2, width: width, height: height,
                background: padding(bands: inner.bands))
        }
    }

    /// Exactly the target size: a rounding pixel short is filled by copying the edge.
    private func exact(_ image: VImage) throws(VipsError) -> VImage {
        guard image.width != width || image.height != height else { return image }
        let inner = try image.crop(left: 0, top: 0, width: min(width, image.width), height: min(height, image.height))
        return try inner.embedded(x: 0, y: 0, width: width, height: height, extend: "copy")
    }

    /// The background for an image of `bands` bands: grey for one or two, opaque with alpha.
    private func padding(bands: Int) -> [Double] {
        let grey =
            background.count >= 3
            ? 0.2126 * background[0] + 0.7152 * background[1] + 0.0722 * background[2] : background.first ?? 0
        switch bands {
        case 1: return [grey]
        case 2: return [grey, 255]
        case 3: return Array(background.prefix(3))
        default: return Array(background.prefix(3)) + [255]
        }
    }
}
