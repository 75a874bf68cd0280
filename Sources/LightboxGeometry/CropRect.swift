import Foundation

/// Checks a normalized crop rect the way the crop overlay sanitizes it, and maps it to pixels.
package enum CropRect {
    /// Why a normalized rect cannot be cropped.
    package enum Problem: Error, Equatable, Sendable {
        /// The named component (`x`, `y`, `width` or `height`) is NaN or infinite.
        case notFinite(String)
        /// The named side (`width` or `height`) is zero: the rect is a line or a point.
        case zeroSize(String)
        /// The rect has no area inside the unit square.
        case outsideImage
        /// The rect sticks out of the unit square and clipping was not allowed.
        case partlyOutside
        /// A side is shorter than the minimum: which side, its length and the minimum.
        case tooSmall(side: String, length: Double, minimum: Double)
    }

    /// The minimum side a crop must keep, normalized (a fraction of the image) or in pixels.
    package enum MinimumSide: Equatable, Sendable, Codable {
        /// A fraction of the image's side, from 0 to 1.
        case fraction(Double)
        /// Whole pixels of the output.
        case pixels(Int)
    }

    /// The result of checking a rect: the sanitized rect and whether it had to be clipped.
    package struct Checked: Equatable, Sendable {
        /// The rect inside the unit square, as the overlay's `sanitized` gives it.
        package let rect: CGRect
        /// Whether the input stuck out of the unit square and was clipped.
        package let wasClipped: Bool

        /// Makes a result.
        package init(rect: CGRect, wasClipped: Bool) {
            self.rect = rect
            self.wasClipped = wasClipped
        }
    }

    /// Validates `rect` with the overlay's `sanitized`: non-finite and outside rects are errors.
    ///
    /// A rect partly outside is clipped (an error when `strict`); a negative size is standardized.
    package static func check(_ rect: CGRect, strict: Bool = false) throws(Problem) -> Checked {
        let parts = [
            ("x", rect.origin.x), ("y", rect.origin.y), ("width", rect.size.width), ("height", rect.size.height),
        ]
        if let bad = parts.first(where: { !$0.1.isFinite }) { throw .notFinite(bad.0) }
        if let flat = parts.dropFirst(2).first(where: { $0.1 == 0 }) { throw .zeroSize(flat.0) }
        let unit = CGRect(x: 0, y: 0, width: 1, height: 1)
        let fitted = rect.standardized.intersection(unit)
        guard !fitted.isNull, !fitted.isEmpty else { throw .outsideImage }
        let sanitized = CropHandle.sanitized(rect)
        let clipped = sanitized != rect.standardized
        if clipped && strict { throw .partlyOutside }
        return Checked(rect: sanitized, wasClipped: clipped)
    }

    /// The pixel rect of a sanitized `rect` over an image `width` by `height` (the displayed size).
    ///
    /// Each edge is rounded half away from zero, so neighbouring rects tile with no gap or overlap;
    /// the result covers at least one pixel and stays inside the image.
    package static func pixels(of rect: CGRect, width: Int, height: Int) -> PixelRect {
        let (left, right) = span(rect.minX, rect.maxX, length: width)
        let (top, bottom) = span(rect.minY, rect.maxY, length: height)
        return PixelRect(left: left, top: top, width: right - left, height: bottom - top)
    }

    /// Throws when a side of `pixels` (over an image `width` by `height`) is under `minimum`.
    package static func require(_ minimum: MinimumSide, rect: CGRect, pixels: PixelRect) throws(Problem) {
        switch minimum {
        case .fraction(let side):
            if Double(rect.width) < side { throw .tooSmall(side: "width", length: Double(rect.width), minimum: side) }
            if Double(rect.height) < side {
                throw .tooSmall(side: "height", length: Double(rect.height), minimum: side)
            }
        case .pixels(let side):
            if pixels.width < side {
                throw .tooSmall(side: "width", length: Double(pixels.width), minimum: Double(side))
            }
            if pixels.height < side {
                throw .tooSmall(side: "height", length: Double(pixels.height), minimum: Double(side))
            }
        }
    }

    private static func span(_ start: CGFloat, _ end: CGFloat, length: Int) -> (Int, Int) {
        let size = CGFloat(length)
        let first = min(max(Int(PixelRounding.rounded(start * size)), 0), max(length - 1, 0))
        let last = min(max(Int(PixelRounding.rounded(end * size)), first + 1), max(length, first + 1))
        return (first, last)
    }
}

extension CropRect.Problem: CustomStringConvertible {
    /// A short sentence naming the field at fault.
    package var description: String {
        switch self {
        case .notFinite(let field): return "\(field) is not a finite number"
        case .zeroSize(let side): return "the rect has zero \(side)"
        case .outsideImage: return "the rect lies outside the image (it must overlap 0...1)"
        case .partlyOutside: return "the rect is partly outside the image (--strict)"
        case .tooSmall(let side, let length, let minimum):
            return "\(side) \(NumberText.short(length)) is under the minimum side \(NumberText.short(minimum))"
        }
    }
}
