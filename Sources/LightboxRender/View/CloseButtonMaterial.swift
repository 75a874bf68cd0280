import Foundation
import Vips

/// The close button's `.ultraThinMaterial` in dark mode: a blur of what lies under the circle, darkened.
///
/// The tint was measured so that the white cross reads on any photo: over pure white the disc
/// comes out at 255 x 0.45 + 28 x 0.55 = 130, and the cross stands 3.8 to 1 against it (and the
/// disc against the photo), above the 3 to 1 WCAG asks of graphics; 0.45 gave 2.9 and 0.5 gave
/// 3.3. Over pure black the disc is 15 and the cross stands 19 to 1.
package enum CloseButtonMaterial {
    /// The Gaussian blur of the pixels under the disc, as a sigma in points.
    package static let blurSigma: Double = 8

    /// The tint's grey (0 to 255): iOS's dark elevated background, #1C1C1E, taken as grey 28.
    package static let tintGrey: Double = 28

    /// The tint's opacity over the blurred pixels.
    package static let tintOpacity: Double = 0.55

    /// The disc as RGBA, `side` pixels square, for the square of `page` whose top-left is (`left`, `top`).
    ///
    /// The page's edges are extended for the blur, so a button at the screen's edge blurs what is there.
    static func disc(under page: VImage, left: Int, top: Int, side: Int, scale: Double) throws(VipsError) -> VImage {
        let sigma = blurSigma * scale
        let margin = Int((3 * sigma).rounded(.up)) + 1
        let reach = side + 2 * margin
        let region = try page.band(0, count: 3).embedded(
            x: margin - left, y: margin - top, width: reach, height: reach, extend: "copy"
        )
        let blurred = try region.cast("float").blurred(sigma: sigma).crop(
            left: margin, top: margin, width: side, height: side)
        let tinted = try blurred.linear([1 - tintOpacity], [tintGrey * tintOpacity]).cast("uchar")
        let radius = Double(side) / 2
        let circle = try VImage.svg(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(side)\" height=\"\(side)\">"
                + "<circle cx=\"\(radius)\" cy=\"\(radius)\" r=\"\(radius)\" fill=\"white\"/></svg>"
        )
        return try tinted.bandjoin([try circle.band(3)]).interpreted("srgb")
    }
}
