/// The eight EXIF orientations, and how a rect on the displayed image maps back to the stored pixels.
public enum ExifOrientation: Int, CaseIterable, Sendable {
    /// Stored as shown.
    case up = 1
    /// Mirrored left to right.
    case upMirrored = 2
    /// Turned 180 degrees.
    case down = 3
    /// Mirrored top to bottom.
    case downMirrored = 4
    /// Mirrored along the main diagonal (transposed).
    case leftMirrored = 5
    /// Stored turned left: shown after a quarter turn clockwise.
    case right = 6
    /// Mirrored along the anti-diagonal (transversed).
    case rightMirrored = 7
    /// Stored turned right: shown after a quarter turn counter-clockwise.
    case left = 8

    /// The orientation for a tag value; 0, a missing tag and out-of-range values mean `.up`.
    public init(tag: Int) {
        self = ExifOrientation(rawValue: tag) ?? .up
    }

    /// Whether showing the image swaps its width and height.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The displayed size of an image stored `width` by `height`.
    public func displayedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsAxes ? (height, width) : (width, height)
    }

    /// The stored pixels that show as `rect` on the displayed image of a stored `width` by `height` image.
    public func storedRect(of rect: PixelRect, width: Int, height: Int) -> PixelRect {
        let shown = displayedSize(width: width, height: height)
        let mirroredX = shown.width - rect.right
        let mirroredY = shown.height - rect.bottom
        switch self {
        case .up:
            return rect
        case .upMirrored:
            return PixelRect(left: mirroredX, top: rect.top, width: rect.width, height: rect.height)
        case .down:
            return PixelRect(left: mirroredX, top: mirroredY, width: rect.width, height: rect.height)
        case .downMirrored:
            return PixelRect(left: rect.left, top: mirroredY, width: rect.width, height: rect.height)
        case .leftMirrored:
            return PixelRect(left: rect.top, top: rect.left, width: rect.height, height: rect.width)
        case .right:
            return PixelRect(left: rect.top, top: mirroredX, width: rect.height, height: rect.width)
        case .rightMirrored:
            return PixelRect(left: mirroredY, top: mirroredX, width: rect.height, height: rect.width)
        case .left:
            return PixelRect(left: mirroredY, top: rect.left, width: rect.height, height: rect.width)
        }
    }

    /// The steps that turn stored pixels upright: a clockwise turn (0, 90, 180 or 270) then an optional mirror.
    public var uprightSteps: (clockwise: Int, mirror: Bool) {
        switch self {
        case .up: return (0, false)
        case .upMirrored: return (0, true)
        case .down: return (180, false)
        case .downMirrored: return (180, true)
        case .leftMirrored: return (90, true)
        case .right: return (90, false)
        case .rightMirrored: return (270, true)
        case .left: return (270, false)
        }
    }
}
