import Foundation
import LightboxGeometry
import Vips

/// Stored pixels of a viewer input, possibly reduced on load, and the one affine transform that places them.
///
/// The EXIF orientation is not applied to the pixels: it is folded into the transform with
/// the reduction and the layout, so each snapshot resamples once.
package struct ViewportPixels: Sendable {
    /// The stored pixels as loaded (reduced by `factor`), 8-bit sRGB, with alpha if the file has
    /// it; for a part decoded alone, that part at its place in a canvas of the whole's size.
    package let image: VImage
    /// The orientation to apply.
    package let orientation: ExifOrientation
    /// The displayed size at full resolution, in pixels.
    package let displayedSize: CGSize
    /// Stored full-resolution pixels per loaded pixel, horizontally and vertically.
    package let factor: (x: Double, y: Double)
    /// The pixels decoded (in sRGB) before a part is set in its canvas: what `decodedNow` reads.
    private let loaded: VImage
    /// Where a part decoded alone goes: the whole loaded image's size and the part's corner.
    private let part: Part?

    /// A part's place: the whole loaded image's size and the part's corner in it.
    typealias Part = (whole: (width: Int, height: Int), origin: (x: Int, y: Int))

    /// Wraps loaded pixels of `source`, converted to 8-bit sRGB through their profile (`DisplayColour`).
    ///
    /// A part decoded alone is placed with `part`: the whole loaded image's size and the part's
    /// corner in it. It is set at that corner of a canvas of the whole's size, lazily (the
    /// snapshot reads only the part's pixels, so nothing else is made), and the affine then works
    /// in the whole image's very coordinates. Shifting the affine's offset by the corner instead
    /// is the same map in exact arithmetic but not in floating point: libvips snaps each sample
    /// position to 1/64 pixel (`VIPS_TRANSFORM_SCALE`), and where a position falls exactly on a
    /// step boundary (every few pixels when the zoom and size are simple fractions of each
    /// other) the two roundings fell on neighbouring steps, up to 3 levels apart with bicubic.
    init(image: VImage, source: ViewportSource, factor: (Double, Double), part: Part? = nil) throws(VipsError) {
        try self.init(
            sRGB: DisplayColour.sRGB(image), orientation: source.orientation, displayedSize: source.displayedSize,
            factor: factor, part: part)
    }

    /// Wraps pixels already in 8-bit sRGB, set in their canvas when they are a part.
    private init(
        sRGB: VImage, orientation: ExifOrientation, displayedSize: CGSize, factor: (x: Double, y: Double), part: Part?
    ) throws(VipsError) {
        loaded = sRGB
        self.part = part
        image =
            try part.map { (part) throws(VipsError) in
                try sRGB.embedded(
                    x: part.origin.x, y: part.origin.y, width: part.whole.width, height: part.whole.height,
                    extend: "copy")
            } ?? sRGB
        self.orientation = orientation
        self.displayedSize = displayedSize
        self.factor = factor
    }

    /// The same pixels decoded into memory now, when the decoded part holds at most `maxPixels`
    /// pixels; nil when it is larger (it is then decoded as the output is written).
    ///
    /// Decoding first, in the thread that asks, keeps a damaged input's failure the same however
    /// many threads then resample and encode the snapshot (`ViewRunner`).
    package func decodedNow(maxPixels: Int) throws(VipsError) -> ViewportPixels? {
        guard loaded.width * loaded.height <= maxPixels else { return nil }
        return try ViewportPixels(
            sRGB: loaded.decodedInMemory(), orientation: orientation, displayedSize: displayedSize, factor: factor,
            part: part)
    }

    /// `image`'s place without its colour converted: enough to find what a layout shows (the
    /// transform and the loaded size) before any pixel is decoded; not for rendering.
    init(layoutOf image: VImage, source: ViewportSource, factor: (Double, Double)) {
        self.image = image
        loaded = image
        part = nil
        orientation = source.orientation
        displayedSize = source.displayedSize
        self.factor = factor
    }

    /// The affine matrix (a, b, c, d) and output offset mapping loaded pixels onto the output.
    ///
    /// Continuous coordinates (pixel edges at integers) map as output = M·loaded + b; libvips
    /// samples pixel centres at integers, so its offset is b + M·(½, ½) − (½, ½), made relative
    /// to the output area's top-left corner `origin`.
    package func transform(to rect: CGRect, origin: (x: Int, y: Int)) -> (matrix: [Double], offset: (Double, Double)) {
        let (a, c) = orientationMap
        let rx = Double(rect.width / displayedSize.width)
        let ry = Double(rect.height / displayedSize.height)
        // u = Aᵀ(F·loaded − c), output = R·u + origin of the photo rect.
        let m = [
            rx * a[0] * factor.x, rx * a[2] * factor.y,
            ry * a[1] * factor.x, ry * a[3] * factor.y,
        ]
        let shift = (
            Double(rect.minX) - rx * (a[0] * c.0 + a[2] * c.1),
            Double(rect.minY) - ry * (a[1] * c.0 + a[3] * c.1)
        )
        let odx = shift.0 + (m[0] + m[1]) / 2 - 0.5 - Double(origin.x)
        let ody = shift.1 + (m[2] + m[3]) / 2 - 0.5 - Double(origin.y)
        return (m, (odx, ody))
    }

    /// The orientation as stored = A·displayed + c: A row by row (a, b, c, d) and c, at full resolution.
    private var orientationMap: ([Double], (Double, Double)) {
        let map = orientation.storedFromDisplayed(
            width: Double(displayedSize.width), height: Double(displayedSize.height))
        return (map.matrix, map.offset)
    }
}
