import Foundation
import LightboxGeometry
import Vips

/// The part of a JPEG one viewer snapshot shows, decoded alone by the region decoder at the
/// snapshot's shrink-on-load, so a zoomed snapshot does not decode the photo's hidden parts.
enum ViewportRegion {
    /// Loaded pixels kept around the sampled area: more than the interpolator's reach, so the
    /// affine reads the same values as from the whole image.
    static let margin = 8
    /// Above this share of the loaded image's rows the whole image is decoded as before: the
    /// columns outside the view are still entropy-decoded, so only hidden rows pay (measured
    /// in docs/benchmarks.md: with every row on screen the part alone is no faster). A JPEG with
    /// restart markers is decoded from the interval holding the first row shown, so the rows
    /// above cost nothing and the part is decoded alone whenever rows above it are hidden.
    static let largestShare = 0.5

    /// The pixels of `pixels` that `layout` shows, decoded alone; nil when the input is not a
    /// JPEG, most of its rows are shown, or the region decoder cannot serve it (libvips then does).
    static func pixels(_ pixels: ViewportPixels, source: ViewportSource, layout: ViewportLayout) -> ViewportPixels? {
        guard source.regionDecodable,
            let shrink = [1, 2, 4, 8].first(where: { Double($0) == pixels.factor.x && Double($0) == pixels.factor.y }),
            let rect = visibleRect(pixels, layout: layout),
            Double(rect.height) <= largestShare * Double(pixels.image.height)
                || rect.top > 0 && JPEGRegion.restartInterval(source.path) > 0
        else { return nil }
        do {
            let header = try VImage.load(
                source.path, access: .sequential, failOn: source.failOn, options: [("shrink", .int(shrink))])
            guard
                let region = JPEGRegion.load(
                    source.path, header: header, left: rect.left, top: rect.top, width: rect.width, height: rect.height,
                    shrink: shrink
                )
            else { return nil }
            return try ViewportPixels(
                image: region.inMemory(), source: source, factor: pixels.factor,
                part: ((pixels.image.width, pixels.image.height), (rect.left, rect.top)))
        } catch {
            return nil
        }
    }

    /// The loaded pixels the snapshot's affine samples, with `margin`, clipped to the image.
    static func visibleRect(_ pixels: ViewportPixels, layout: ViewportLayout) -> PixelRect? {
        guard let area = layout.visiblePhoto else { return nil }
        let (m, offset) = pixels.transform(to: layout.photoRect, origin: (area.left, area.top))
        let determinant = m[0] * m[3] - m[1] * m[2]
        guard determinant != 0, determinant.isFinite else { return nil }
        var xs: [Double] = [], ys: [Double] = []
        for (x, y) in [(0, 0), (area.width - 1, 0), (0, area.height - 1), (area.width - 1, area.height - 1)] {
            let dx = Double(x) - offset.0, dy = Double(y) - offset.1
            xs.append((m[3] * dx - m[1] * dy) / determinant)
            ys.append((m[0] * dy - m[2] * dx) / determinant)
        }
        let (width, height) = (pixels.image.width, pixels.image.height)
        let left = max(0, Int(xs.min()!.rounded(.down)) - margin), top = max(0, Int(ys.min()!.rounded(.down)) - margin)
        let right = min(width, Int(xs.max()!.rounded(.up)) + 1 + margin),
            bottom = min(height, Int(ys.max()!.rounded(.up)) + 1 + margin)
        guard right > left, bottom > top else { return nil }
        return PixelRect(left: left, top: top, width: right - left, height: bottom - top)
    }
}
