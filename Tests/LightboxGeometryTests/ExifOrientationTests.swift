import Testing

@testable import LightboxGeometry

/// The EXIF orientation's one map, and the rect and turn rules derived from it, against values worked out by hand.
@Suite struct ExifOrientationTests {
    /// (orientation, the upright steps EXIF defines: clockwise turn, then mirror left to right).
    static let steps: [(ExifOrientation, Int, Bool)] = [
        (.up, 0, false), (.upMirrored, 0, true), (.down, 180, false), (.downMirrored, 180, true),
        (.leftMirrored, 90, true), (.right, 90, false), (.rightMirrored, 270, true), (.left, 270, false),
    ]

    @Test(arguments: steps)
    func uprightStepsFollowTheTag(orientation: ExifOrientation, clockwise: Int, mirror: Bool) {
        #expect(orientation.uprightSteps.clockwise == clockwise)
        #expect(orientation.uprightSteps.mirror == mirror)
    }

    /// (orientation, the stored rect under the displayed rect 10,20 30x40 of an image stored 200 wide, 100 tall).
    static let rects: [(ExifOrientation, PixelRect)] = [
        (.up, PixelRect(left: 10, top: 20, width: 30, height: 40)),
        (.upMirrored, PixelRect(left: 160, top: 20, width: 30, height: 40)),
        (.down, PixelRect(left: 160, top: 40, width: 30, height: 40)),
        (.downMirrored, PixelRect(left: 10, top: 40, width: 30, height: 40)),
        (.leftMirrored, PixelRect(left: 20, top: 10, width: 40, height: 30)),
        (.right, PixelRect(left: 20, top: 60, width: 40, height: 30)),
        (.rightMirrored, PixelRect(left: 140, top: 60, width: 40, height: 30)),
        (.left, PixelRect(left: 140, top: 10, width: 40, height: 30)),
    ]

    @Test(arguments: rects)
    func storedRectMapsTheDisplayedRect(orientation: ExifOrientation, stored: PixelRect) {
        #expect(
            orientation.storedRect(of: PixelRect(left: 10, top: 20, width: 30, height: 40), width: 200, height: 100)
                == stored)
    }

    @Test(arguments: ExifOrientation.allCases)
    func theMapIsAQuarterTurnOrMirrorThatKeepsTheImage(orientation: ExifOrientation) {
        let shown = orientation.displayedSize(width: 200, height: 100)
        let (a, c) = orientation.storedFromDisplayed(width: Double(shown.width), height: Double(shown.height))
        #expect(abs(a[0] * a[3] - a[1] * a[2]) == 1)
        let corner = (
            a[0] * Double(shown.width) + a[1] * Double(shown.height) + c.0,
            a[2] * Double(shown.width) + a[3] * Double(shown.height) + c.1
        )
        #expect([0.0, 200].contains(corner.0) && [0.0, 100].contains(corner.1))
    }
}
