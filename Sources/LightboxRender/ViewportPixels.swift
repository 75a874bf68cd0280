import Foundation
import LightboxGeometry
import Vips

/// Stored pixels of a viewer input, possibly reduced on load, and the one affine transform that places them.
///
/// The EXIF orientation is not applied to the pixels: it is folded into the transform with
/// the reduction and the layout, so each snapshot resamples once.
package struct ViewportPixels: Sendable {
    /// The stored pixels as loaded (reduced by `factor`), 8-bit sRGB, with alpha if the file has it.
    package let image: VImage
    /// The orientation to apply.
    package let orientation: ExifOrientation
    /// The displayed size at full resolution, in pixels.
    package let displayedSize: CGSize
    /// Stored full-resolution pixels per loaded pixel, horizontally and vertically.
    package let factor: (x: Double, y: Double)
    /// Where `image` starts in the whole loaded image: (0, 0), or the corner of the part decoded alone.
    package let origin: (x: Int, y: Int)

    /// Wraps loaded pixels of `source`, converted to 8-bit sRGB through their profile (`DisplayColour`);
    /// `origin` places a part decoded alone within the whole loaded image.
    init(image: VImage, source: ViewportSource, factor: (Double, Double), origin: (Int, Int) = (0, 0)) throws(VipsError)
    {
        self.image = try DisplayColour.sRGB(image)
        orientation = source.orientation
        displayedSize = source.displayedSize
        self.factor = factor
        self.origin = origin
    }

    /// `image`'s place without its colour converted: enough to find what a layout shows (the
    /// transform and the loaded size) before any pixel is decoded; not for rendering.
    init(layoutOf image: VImage, source: ViewportSource, factor: (Double, Double)) {
        self.image = image
        orientation = source.orientation
        displayedSize = source.displayedSize
        self.factor = factor
        origin = (0, 0)
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
        let part = (
            m[0] * Double(self.origin.x) + m[1] * Double(self.origin.y),
            m[2] * Double(self.origin.x) + m[3] * Double(self.origin.y)
        )
        let odx = shift.0 + part.0 + (m[0] + m[1]) / 2 - 0.5 - Double(origin.x)
        let ody = shift.1 + part.1 + (m[2] + m[3]) / 2 - 0.5 - Double(origin.y)
        return (m, (odx, ody))
    }

    /// The orientation as stored = A·displayed + c: A row by row (a, b, c, d) and c, at full resolution.
    private var orientationMap: ([Double], (Double, Double)) {
        let map = orientation.storedFromDisplayed(
            width: Double(displayedSize.width), height: Double(displayedSize.height))
        return (map.matrix, map.offset)
    }
}
