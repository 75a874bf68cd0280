/// The eight EXIF orientations, and how a rect on the displayed image maps back to the stored pixels.
package enum ExifOrientation: Int, CaseIterable, Sendable {
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
    package init(tag: Int) {
        self = ExifOrientation(rawValue: tag) ?? .up
    }

    /// Whether showing the image swaps its width and height.
    package var swapsAxes: Bool { rawValue >= 5 }

    /// The displayed size of an image stored `width` by `height`.
    package func displayedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsAxes ? (height, width) : (width, height)
    }

    /// The one map every rule here derives from: stored = A·displayed + c, in continuous
    /// coordinates (pixel edges at whole numbers) of a displayed `width` by `height` image.
    ///
    /// `matrix` is A row by row (a, b, c, d): stored x = a·x + b·y + c.x, stored y = c·x + d·y + c.y.
    package func storedFromDisplayed(width: Double, height: Double) -> (matrix: [Double], offset: (Double, Double)) {
        switch self {
        case .up: return ([1, 0, 0, 1], (0, 0))
        case .upMirrored: return ([-1, 0, 0, 1], (width, 0))
        case .down: return ([-1, 0, 0, -1], (width, height))
        case .downMirrored: return ([1, 0, 0, -1], (0, height))
        case .leftMirrored: return ([0, 1, 1, 0], (0, 0))
        case .right: return ([0, 1, -1, 0], (0, width))
        case .rightMirrored: return ([0, -1, -1, 0], (height, width))
        case .left: return ([0, -1, 1, 0], (height, 0))
        }
    }

    /// The stored pixels that show as `rect` on the displayed image of a stored `width` by `height` image.
    package func storedRect(of rect: PixelRect, width: Int, height: Int) -> PixelRect {
        let shown = displayedSize(width: width, height: height)
        let (a, c) = storedFromDisplayed(width: Double(shown.width), height: Double(shown.height))
        let corners = [(rect.left, rect.top), (rect.right, rect.bottom)].map { x, y in
            (a[0] * Double(x) + a[1] * Double(y) + c.0, a[2] * Double(x) + a[3] * Double(y) + c.1)
        }
        let left = Int(min(corners[0].0, corners[1].0)), top = Int(min(corners[0].1, corners[1].1))
        return PixelRect(
            left: left, top: top, width: Int(max(corners[0].0, corners[1].0)) - left,
            height: Int(max(corners[0].1, corners[1].1)) - top
        )
    }

    /// The steps that turn stored pixels upright: a clockwise turn (0, 90, 180 or 270) then an optional mirror.
    ///
    /// Read off the map: the turn takes the stored x axis to where A's first column puts it,
    /// and a negative determinant is the mirror left to right after it.
    package var uprightSteps: (clockwise: Int, mirror: Bool) {
        let a = storedFromDisplayed(width: 1, height: 1).matrix
        let mirror = a[0] * a[3] - a[1] * a[2] < 0
        // Displayed = A⁻¹·stored; undo the mirror (negate the first row of A⁻¹) to leave the turn.
        let inverse = [a[3], -a[1], -a[2], a[0]].map { $0 / (a[0] * a[3] - a[1] * a[2]) }
        let turn = mirror ? [-inverse[0], -inverse[1], inverse[2], inverse[3]] : inverse
        // A clockwise quarter turn (y down) sends the x axis (1, 0) to (0, 1).
        switch (turn[0], turn[2]) {
        case (1, 0): return (0, mirror)
        case (0, 1): return (90, mirror)
        case (-1, 0): return (180, mirror)
        default: return (270, mirror)
        }
    }
}
