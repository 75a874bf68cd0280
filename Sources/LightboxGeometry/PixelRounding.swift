import Foundation

/// The one rounding of a rect's edge to a pixel: half away from zero, where "half" is the value
/// the file's decimals meant, not the last bit the arithmetic left.
///
/// A YOLO box `0 0.441242 0.610219 0.0615781 0.185812` on a 480-pixel-high photo has its bottom
/// edge at exactly 337.5 px in decimal, but `0.517313 + 0.185812` sums to 0.70312499999999994 in
/// doubles, and `rounded()` then gives 337 where Pillow and supervision give 338. An edge within
/// a millionth of a millionth (relative) of a half is taken as the half: far above the error of
/// the few operations an edge goes through (about 1e-16 relative), far below any difference the
/// decimals of a label file can write on an image of any size.
package enum PixelRounding {
    /// The relative distance from a half within which a value is taken as the half.
    static let tolerance: CGFloat = 1e-12

    /// `value` rounded half away from zero, a value within `tolerance` of a half counting as one.
    package static func rounded(_ value: CGFloat) -> CGFloat {
        guard value.isFinite else { return value.rounded() }
        let floor = value.rounded(.down)
        let fraction = value - floor
        guard abs(fraction - 0.5) <= tolerance * max(1, abs(value)) else { return value.rounded() }
        return value >= 0 ? floor + 1 : floor
    }
}
