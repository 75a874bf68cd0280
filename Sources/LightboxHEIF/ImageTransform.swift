import LightboxGeometry

/// One of the transforms a HEIF image property applies after decoding, in the order of its
/// property associations, as libheif 1.15 applies them: `irot`, `imir` or `clap`.
package enum ImageTransform: Sendable, Equatable {
    /// Turned anticlockwise by this many quarter turns (1 to 3).
    case rotation(quarterTurns: Int)
    /// Mirrored: columns swapped (left to right) when true, rows swapped (top to bottom) when false.
    case mirror(columns: Bool)
    /// Cut to this rect of its input (a clean aperture).
    case crop(PixelRect)

    /// The size of the output for an input of `size`.
    package func outputSize(_ size: (width: Int, height: Int)) -> (width: Int, height: Int) {
        switch self {
        case .rotation(let turns): return turns % 2 == 1 ? (size.height, size.width) : size
        case .mirror: return size
        case .crop(let rect): return (rect.width, rect.height)
        }
    }

    /// The input pixels that make the output rect `rect`, for an input of `size`. libheif 1.15
    /// turns a pixel at column c, row r of a W x H input to (r, W - 1 - c) for one quarter turn,
    /// (W - 1 - c, H - 1 - r) for two and (H - 1 - r, c) for three (`rotate_ccw`).
    package func inputRect(of rect: PixelRect, size: (width: Int, height: Int)) -> PixelRect {
        let (w, h) = size
        switch self {
        case .rotation(1):
            return PixelRect(left: w - rect.bottom, top: rect.left, width: rect.height, height: rect.width)
        case .rotation(2):
            return PixelRect(left: w - rect.right, top: h - rect.bottom, width: rect.width, height: rect.height)
        case .rotation(3):
            return PixelRect(left: rect.top, top: h - rect.right, width: rect.height, height: rect.width)
        case .rotation:
            return rect
        case .mirror(let columns):
            return columns
                ? PixelRect(left: w - rect.right, top: rect.top, width: rect.width, height: rect.height)
                : PixelRect(left: rect.left, top: h - rect.bottom, width: rect.width, height: rect.height)
        case .crop(let aperture):
            return PixelRect(
                left: rect.left + aperture.left, top: rect.top + aperture.top, width: rect.width, height: rect.height)
        }
    }

    /// Whether applying it to a piece of the image gives the same piece of the transformed
    /// image: turns and mirrors do; a crop only moves the origin, which `inputRect` accounts for.
    package var actsOnPieces: Bool {
        if case .crop = self { return false }
        return true
    }
}
