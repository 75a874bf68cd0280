import Foundation
import LightboxFormats
import LightboxGeometry
import LightboxRender

/// The one set of checks every crop rect meets, whichever door it came in by: a fraction rect in
/// the supervisor, a rect in pixels in the worker once the image's size is known.
package enum RectRule {
    /// A rect that cannot be cropped, with the reason.
    package struct Refusal: Error, Sendable, Equatable {
        /// The reason, such as `width is not a finite number`.
        package let reason: String
    }

    /// A rect as a door asked for it, checked as far as it can be before the image is known.
    package struct Asked: Sendable, Equatable {
        /// The rect: a fraction checked and clipped, a turned rect standardized, or pixels as given.
        package let rect: CGRect
        /// Whether a fraction was clipped to the image.
        package let clipped: Bool
        /// The oriented box of a turned rect; nil for any other.
        package let shape: CropShape?
    }

    /// A crop's rect as a door asks for it, by the one dispatch every door shares (the command
    /// line, a manifest or batch line, the library): turned by `degrees` (a whole number of turns
    /// is no turn), checked now and placed once the image's size is known; in pixels, its shape
    /// checked now and the rect once the image is known; a fraction, clipped now (refused when
    /// `strict`). `written` is how the door names the rect in the hint for a fraction that looks
    /// like pixels; nil where a door cannot ask for pixels (the library), which gets no hint.
    package static func asked(
        _ rect: CGRect, written: String?, units: RectUnits, degrees: Double?, strict: Bool
    ) -> Result<Asked, Refusal> {
        if CropCutOptions.shape(rect, degrees: degrees) != nil {
            return turned(rect, written: written, units: units).map {
                Asked(rect: $0, clipped: false, shape: CropCutOptions.shape($0, degrees: degrees))
            }
        }
        if units == .px {
            return pixelShape(rect).map { .failure($0) } ?? .success(Asked(rect: rect, clipped: false, shape: nil))
        }
        return fraction(rect, written: written, strict: strict).map {
            Asked(rect: $0.rect, clipped: $0.wasClipped, shape: nil)
        }
    }

    /// Checks a normalized rect: a rect that is not finite or lies outside is refused, one that
    /// looks like pixels is refused with the `--units px` hint (when `written` names it), one
    /// partly outside is clipped (refused when `strict`).
    static func fraction(_ rect: CGRect, written: String?, strict: Bool) -> Result<CropRect.Checked, Refusal> {
        if let written, PixelRects.looksLikePixels(rect) { return .failure(Refusal(reason: PixelRects.hint(written))) }
        do {
            return .success(try CropRect.check(rect, strict: strict))
        } catch {
            return .failure(Refusal(reason: error.description))
        }
    }

    /// Checks a rect in pixels before the image is known: finite, with a width and height above 0.
    package static func pixelShape(_ rect: CGRect) -> Refusal? {
        let parts = [("x", rect.minX), ("y", rect.minY), ("width", rect.width), ("height", rect.height)]
        if let bad = parts.first(where: { !$0.1.isFinite }) {
            return Refusal(reason: "\(bad.0) is not a finite number")
        }
        // No image is a billion pixels a side; past that, turning and rounding the rect would overflow.
        if let far = parts.first(where: { abs($0.1) > RectRule.farthestPixel }) {
            return Refusal(
                reason: "\(far.0) \(NumberText.short(Double(far.1))) is beyond \(Int(RectRule.farthestPixel)) pixels")
        }
        guard rect.width > 0, rect.height > 0 else {
            return Refusal(reason: "a rect in pixels needs a width and height above 0")
        }
        return nil
    }

    /// The farthest a rect in pixels may reach from the image's corner, either way.
    static let farthestPixel: CGFloat = 1_000_000_000
    /// The farthest a turned rect's fractions may reach, either way (times the image's side: past
    /// it, turning and rounding the rect in pixels would overflow).
    static let farthestFraction: CGFloat = 1_000_000

    /// Checks a rect that has an angle before the image is known: finite, with an area, a fraction
    /// not looking like pixels; standardized but not clipped, since its turn decides what lies
    /// outside the image (`ImageRects` settles that once the image's size is known).
    static func turned(_ rect: CGRect, written: String?, units: RectUnits) -> Result<CGRect, Refusal> {
        if units == .px { return pixelShape(rect).map { .failure($0) } ?? .success(rect) }
        if let written, PixelRects.looksLikePixels(rect) { return .failure(Refusal(reason: PixelRects.hint(written))) }
        let parts = [
            ("x", rect.origin.x), ("y", rect.origin.y), ("width", rect.size.width), ("height", rect.size.height),
        ]
        if let bad = parts.first(where: { !$0.1.isFinite }) {
            return .failure(Refusal(reason: "\(bad.0) is not a finite number"))
        }
        if let far = parts.first(where: { abs($0.1) > RectRule.farthestFraction }) {
            let value = NumberText.short(Double(far.1))
            return .failure(Refusal(reason: "\(far.0) \(value) is beyond a million times the image's side"))
        }
        let standard = rect.standardized
        guard standard.width > 0, standard.height > 0 else {
            return .failure(Refusal(reason: "a turned rect needs a width and height above 0"))
        }
        return .success(standard)
    }

    /// A rect in pixels over a displayed image `width` by `height`, clipped to it in pixels (refused
    /// when it lies outside, or sticks out under `strict`) and normalized.
    package static func pixels(
        _ rect: CGRect, width: Int, height: Int, strict: Bool
    ) -> Result<(checked: CropRect.Checked, clipped: CGRect), Refusal> {
        if let refusal = pixelShape(rect) { return .failure(refusal) }
        let image = CGRect(x: 0, y: 0, width: width, height: height)
        let inside = rect.intersection(image)
        guard !inside.isNull, !inside.isEmpty else {
            return .failure(Refusal(reason: "the rect lies outside the \(width)x\(height) image"))
        }
        if inside != rect && strict {
            return .failure(Refusal(reason: "the rect is partly outside the \(width)x\(height) image"))
        }
        let unit = CGRect(
            x: inside.minX / CGFloat(width), y: inside.minY / CGFloat(height), width: inside.width / CGFloat(width),
            height: inside.height / CGFloat(height))
        return .success((CropRect.Checked(rect: CropHandle.sanitized(unit), wasClipped: inside != rect), inside))
    }

    /// The warning for a clipped rect: `PLACE: rect partly outside the image; clipped to x,y,w,h`,
    /// in pixels with the image's size when `image` is given.
    package static func clippedWarning(
        at place: String, to rect: CGRect, image: (width: Int, height: Int)? = nil
    ) -> String {
        let size = image.map { " (the image is \($0.width)x\($0.height))" } ?? ""
        return "\(place): rect partly outside the image; clipped to \(describe(rect))\(size)"
    }

    /// `x,y,width,height` of a rect, for messages.
    package static func describe(_ rect: CGRect) -> String {
        NumberText.rect(rect)
    }
}
