import Testing

@testable import LightboxGeometry

/// The iMCU grid of a lossless JPEG cut: snapping outward, dropping the partial edge blocks a turn cannot keep.
@Suite struct LosslessGridTests {
    /// (orientation, transpose, mirror x, mirror y): the DCT-domain steps that show stored blocks upright.
    static let steps: [(ExifOrientation, Bool, Bool, Bool)] = [
        (.up, false, false, false), (.upMirrored, false, true, false), (.down, false, true, true),
        (.downMirrored, false, false, true), (.leftMirrored, true, false, false), (.right, true, true, false),
        (.rightMirrored, true, true, true), (.left, true, false, true),
    ]

    @Test(arguments: steps)
    func stepsFollowTheOrientation(orientation: ExifOrientation, transpose: Bool, flipX: Bool, flipY: Bool) {
        let steps = LosslessGrid(width: 64, height: 32, blockWidth: 16, blockHeight: 16, orientation: orientation).steps
        #expect(steps.transpose == transpose && steps.flipX == flipX && steps.flipY == flipY)
    }

    /// (orientation, displayed rect, stored cut, displayed cut) on a photo stored 1800 x 1200 with 16 x 16 iMCUs,
    /// whose last column of iMCUs is 8 pixels wide.
    static let cuts: [(ExifOrientation, PixelRect, PixelRect?, PixelRect?)] = [
        (.up, rect(10, 20, 100, 50), rect(0, 16, 112, 64), rect(0, 16, 112, 64)),
        (.up, rect(1790, 0, 10, 10), rect(1776, 0, 24, 16), rect(1776, 0, 24, 16)),
        (.up, rect(32, 48, 16, 16), rect(32, 48, 16, 16), rect(32, 48, 16, 16)),
        // Mirrored: the stored right edge is shown on the left, so its partial iMCU is dropped.
        (.upMirrored, rect(0, 0, 10, 10), rect(1776, 0, 16, 16), rect(8, 0, 16, 16)),
        (.upMirrored, rect(0, 0, 8, 10), nil, nil),
        (.down, rect(0, 0, 30, 30), rect(1760, 1168, 32, 32), rect(8, 0, 32, 32)),
        // Turned a quarter clockwise: stored x is shown down, stored y (whole, 1200 = 75 x 16) from the right.
        (.right, rect(0, 0, 100, 50), rect(0, 1088, 64, 112), rect(0, 0, 112, 64)),
        (.right, rect(1150, 1790, 50, 10), rect(1776, 0, 24, 64), rect(1136, 1776, 64, 24)),
        // Transposed: every edge stays where it was, nothing is dropped.
        (.leftMirrored, rect(1190, 1790, 10, 10), rect(1776, 1184, 24, 16), rect(1184, 1776, 16, 24)),
        (.left, rect(0, 0, 10, 10), rect(1776, 0, 16, 16), rect(0, 8, 16, 16)),
    ]

    @Test(arguments: cuts)
    func theCutGrowsToTheGridAndDropsWhatATurnCannotKeep(
        orientation: ExifOrientation, asked: PixelRect, stored: PixelRect?, shown: PixelRect?
    ) {
        let grid = LosslessGrid(width: 1800, height: 1200, blockWidth: 16, blockHeight: 16, orientation: orientation)
        let cut = grid.storedCut(of: asked)
        #expect(cut == stored)
        #expect(cut.map(grid.displayed) == shown)
    }

    @Test func aGreyPhotoCutsOnEightPixels() {
        let grid = LosslessGrid(width: 100, height: 100, blockWidth: 8, blockHeight: 8, orientation: .up)
        #expect(grid.storedCut(of: rect(9, 9, 9, 9)) == rect(8, 8, 16, 16))
    }

    private static func rect(_ left: Int, _ top: Int, _ width: Int, _ height: Int) -> PixelRect {
        PixelRect(left: left, top: top, width: width, height: height)
    }

    private func rect(_ left: Int, _ top: Int, _ width: Int, _ height: Int) -> PixelRect {
        Self.rect(left, top, width, height)
    }
}
