import LightboxGeometry
import Vips

/// The stored pixels an upright cut reads, decoded into memory.
extension SourceImage {
    /// The stored pixels of `area` in memory, for a resample that reads them in any order, and the
    /// decoder that served them: the JPEG region decoder or a HEIF grid's tiles when they can,
    /// else libvips.
    func storedPixels(_ area: PixelRect) throws(RenderError) -> (image: VImage, decoder: PixelDecoder) {
        if tileDecodable, let tiles = HEIFTiles.open(path, header: stored).tiles,
            let pixels = try? tiles.pixels(of: area)?.inMemory()
        {
            return (pixels, .heifTiles)
        }
        if regionDecodable,
            let region = JPEGRegion.load(
                path, header: stored, left: area.left, top: area.top, width: area.width, height: area.height,
                shrink: loadShrink),
            let pixels = try? region.inMemory()
        {
            return (pixels, .region)
        }
        let pixels = try RenderError.catching(path) { () throws(VipsError) in
            try stored.crop(left: area.left, top: area.top, width: area.width, height: area.height).inMemory()
        }
        return (pixels, .libvips)
    }

    /// The stored pixels an upright cut of `frame` (on the displayed image) reads: the box's
    /// stored bounds and a margin for the bicubic kernel, inside the image; nil when the box
    /// misses the image.
    func storedArea(of frame: BoxFrame, margin: Int = 3) -> PixelRect? {
        let shown = displayedSize
        let (a, t) = orientation.storedFromDisplayed(width: Double(shown.width), height: Double(shown.height))
        let corners = frame.corners.map { point in
            (a[0] * point.x + a[1] * point.y + t.0, a[2] * point.x + a[3] * point.y + t.1)
        }
        let (xs, ys) = (corners.map(\.0), corners.map(\.1))
        let left = max(Int(xs.min()!.rounded(.down)) - margin, 0)
        let top = max(Int(ys.min()!.rounded(.down)) - margin, 0)
        let right = min(Int(xs.max()!.rounded(.up)) + margin, stored.width)
        let bottom = min(Int(ys.max()!.rounded(.up)) + margin, stored.height)
        guard right > left, bottom > top else { return nil }
        return PixelRect(left: left, top: top, width: right - left, height: bottom - top)
    }
}
