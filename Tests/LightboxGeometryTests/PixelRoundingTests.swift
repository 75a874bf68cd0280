import Foundation
import Testing

@testable import LightboxGeometry

/// An edge exactly half-way between two pixels in the decimals a label file wrote rounds half away
/// from zero, whatever order the arithmetic took; a value merely near a half rounds to nearest.
@Suite struct PixelRoundingTests {
    @Test(arguments: [
        (337.5, 338.0), (337.49999999999997, 338), (-2.5, -3), (-2.4999999999999996, -3), (2.4999, 2), (2.5001, 3),
        (0.5, 1), (0, 0), (1e6 + 0.5, 1e6 + 1), (337.49995, 337),
    ])
    func halvesGoAwayFromZero(value: Double, rounded: Double) {
        #expect(PixelRounding.rounded(CGFloat(value)) == CGFloat(rounded))
    }

    /// COCO128 `train2017/000000000531.txt` line 2 on its 640x480 photo: the bottom edge is 337.5
    /// px in decimal (Pillow and supervision cut to 338), though `0.517313 + 0.185812` is
    /// 0.70312499999999994 in doubles.
    @Test func theCOCO128TieRoundsAsPillowDoes() {
        let (cx, cy, w, h): (CGFloat, CGFloat, CGFloat, CGFloat) = (0.441242, 0.610219, 0.0615781, 0.185812)
        let rect = CGRect(x: cx - w / 2, y: cy - h / 2, width: w, height: h)
        let pixels = CropRect.pixels(of: rect, width: 640, height: 480)
        #expect(pixels.top + pixels.height == 338)
        #expect(pixels.top == Int((rect.minY * 480).rounded()))
    }
}
