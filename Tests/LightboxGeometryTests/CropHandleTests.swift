import Foundation
import LightboxGeometry
import Testing

/// The raw fields of a rectangle, so a test notices a result that is not standardized.
private func fields(_ rect: CGRect) -> [CGFloat] {
    [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height]
}

/// A square with dyadic sides so every expected edge below is exact: x 0.25...0.75, y 0.25...0.75.
private let square = CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)

struct CropHandleTests {
    // Delta (0.125, 0.0625): a moved left edge goes to 0.375, right to 0.875, top to 0.3125,
    // bottom to 0.8125; edges a handle does not own stay at 0.25 / 0.75.
    @Test(
        arguments: [
            (CropHandle.body, [0.375, 0.3125, 0.5, 0.5]),
            (.top, [0.25, 0.3125, 0.5, 0.4375]),
            (.right, [0.25, 0.25, 0.625, 0.5]),
            (.bottom, [0.25, 0.25, 0.5, 0.5625]),
            (.left, [0.375, 0.25, 0.375, 0.5]),
            (.topLeft, [0.375, 0.3125, 0.375, 0.4375]),
            (.topRight, [0.25, 0.3125, 0.625, 0.4375]),
            (.bottomRight, [0.25, 0.25, 0.625, 0.5625]),
            (.bottomLeft, [0.375, 0.25, 0.375, 0.5625]),
        ] as [(CropHandle, [CGFloat])])
    func eachHandleMovesItsOwnEdges(handle: CropHandle, expected: [CGFloat]) {
        let result = handle.adjusting(square, by: CGSize(width: 0.125, height: 0.0625))
        #expect(fields(result) == expected)
    }

    // The body keeps its size and stops at 0 and at 1 - side; a body wider than 1 stays at 0.
    @Test(
        arguments: [
            (CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.25), CGSize(width: 1, height: 1), [0.5, 0.75, 0.5, 0.25]),
            (CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.25), CGSize(width: -1, height: -1), [0, 0, 0.5, 0.25]),
            (
                CGRect(x: 0.25, y: 0.5, width: 0.5, height: 0.25), CGSize(width: 0.25, height: -0.5),
                [0.5, 0, 0.5, 0.25]
            ),
            (CGRect(x: 0, y: 0, width: 1.5, height: 2), CGSize(width: 0.5, height: 0.5), [0, 0, 1.5, 2]),
            (
                CGRect(x: 0.75, y: 0.25, width: -0.5, height: 0.5), CGSize(width: 0.125, height: 0),
                [0.375, 0.25, 0.5, 0.5]
            ),
        ] as [(CGRect, CGSize, [CGFloat])])
    func bodyMoveStopsAtTheEdges(rect: CGRect, delta: CGSize, expected: [CGFloat]) {
        #expect(fields(CropHandle.body.adjusting(rect, by: delta)) == expected)
    }

    // Edges stop at the unit square's sides and at the minimum side, which is kept in 0.01...1.
    // 0.75 - 0.15 = 0.6 and 0.75 - 0.6 = 0.15000000000000002; 0.75 - 0.01 = 0.74 and
    // 0.75 - 0.74 = 0.010000000000000009 (python3 double arithmetic).
    @Test(
        arguments: [
            (CropHandle.left, CGSize(width: 1, height: 0), CGFloat(0.15), [0.6, 0.25, 0.15000000000000002, 0.5]),
            (.left, CGSize(width: 1, height: 0), 0.25, [0.5, 0.25, 0.25, 0.5]),
            (.left, CGSize(width: 1, height: 0), 0.001, [0.74, 0.25, 0.010000000000000009, 0.5]),
            (.left, CGSize(width: 1, height: 0), -2, [0.74, 0.25, 0.010000000000000009, 0.5]),
            (.right, CGSize(width: -1, height: 0), 2, [0.25, 0.25, 0.75, 0.5]),
            (.left, CGSize(width: -1, height: 0), 0.15, [0, 0.25, 0.75, 0.5]),
            (.right, CGSize(width: 1, height: 0), 0.15, [0.25, 0.25, 0.75, 0.5]),
            (.top, CGSize(width: 0, height: -1), 0.15, [0.25, 0, 0.5, 0.75]),
            (.bottom, CGSize(width: 0, height: 1), 0.15, [0.25, 0.25, 0.5, 0.75]),
            (.bottomRight, CGSize(width: -1, height: -1), 0.25, [0.25, 0.25, 0.25, 0.25]),
            (.topLeft, CGSize(width: 1, height: 1), 0.5, [0.25, 0.25, 0.5, 0.5]),
        ] as [(CropHandle, CGSize, CGFloat, [CGFloat])])
    func resizeRespectsLimits(handle: CropHandle, delta: CGSize, minimumSide: CGFloat, expected: [CGFloat]) {
        #expect(fields(handle.adjusting(square, by: delta, minimumSide: minimumSide)) == expected)
    }

    @Test func adjustingReadsAStandardizedRectangle() {
        // x 0.75 width -0.5 spans 0.25...0.75, so the right edge starts at 0.75.
        let flipped = CGRect(x: 0.75, y: 0.25, width: -0.5, height: 0.5)
        let result = CropHandle.right.adjusting(flipped, by: CGSize(width: 0.125, height: 0))
        #expect(fields(result) == [0.25, 0.25, 0.625, 0.5])
    }

    @Test func defaultMinimumSide() {
        #expect(CropHandle.defaultMinimumSide == 0.15)
        #expect(CropHandle.allCases.count == 9)
    }

    // Frame 100...400 by 200...600 with a 44 grip: half is 22, a band is 300 - 44 = 256 wide.
    @Test(
        arguments: [
            (CropHandle.body, [122, 222, 256, 356]),
            (.top, [122, 178, 256, 44]),
            (.bottom, [122, 578, 256, 44]),
            (.left, [78, 222, 44, 356]),
            (.right, [378, 222, 44, 356]),
            (.topLeft, [78, 178, 44, 44]),
            (.topRight, [378, 178, 44, 44]),
            (.bottomLeft, [78, 578, 44, 44]),
            (.bottomRight, [378, 578, 44, 44]),
        ] as [(CropHandle, [CGFloat])])
    func hitAreaOfLargeFrame(handle: CropHandle, expected: [CGFloat]) {
        let frame = CGRect(x: 100, y: 200, width: 300, height: 400)
        #expect(fields(handle.hitArea(around: frame, grip: 44)) == expected)
    }

    // A 30 by 20 frame is smaller than the grip: bands collapse to zero and the body inset
    // stops at half the side (15, 10), leaving an empty rectangle at the centre.
    @Test(
        arguments: [
            (CropHandle.body, [25, 20, 0, 0]),
            (.top, [32, -12, 0, 44]),
            (.bottom, [32, 8, 0, 44]),
            (.left, [-12, 32, 44, 0]),
            (.right, [18, 32, 44, 0]),
            (.bottomRight, [18, 8, 44, 44]),
        ] as [(CropHandle, [CGFloat])])
    func hitAreaOfSmallFrame(handle: CropHandle, expected: [CGFloat]) {
        let frame = CGRect(x: 10, y: 10, width: 30, height: 20)
        #expect(fields(handle.hitArea(around: frame, grip: 44)) == expected)
    }

    @Test func hitAreaWithoutGripAndWithFlippedFrame() {
        let frame = CGRect(x: 10, y: 10, width: 30, height: 20)
        #expect(fields(CropHandle.body.hitArea(around: frame, grip: 0)) == [10, 10, 30, 20])
        #expect(fields(CropHandle.topRight.hitArea(around: frame, grip: 0)) == [40, 10, 0, 0])
        // x 40 width -30 spans 10...40, like the frame above.
        let flipped = CGRect(x: 40, y: 10, width: -30, height: 20)
        #expect(fields(CropHandle.top.hitArea(around: flipped, grip: 10)) == [15, 5, 20, 10])
        #expect(fields(CropHandle.body.hitArea(around: flipped, grip: 10)) == [15, 15, 20, 10])
    }

    @Test(
        arguments: [
            (CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5), [0.25, 0.25, 0.5, 0.5]),
            (CGRect(x: 0.75, y: 0.75, width: -0.5, height: -0.25), [0.25, 0.5, 0.5, 0.25]),
            (CGRect(x: -0.5, y: 0.5, width: 1, height: 1), [0, 0.5, 0.5, 0.5]),
            (CGRect(x: -1, y: -1, width: 3, height: 3), [0, 0, 1, 1]),
            (CGRect(x: 2, y: 2, width: 1, height: 1), [0, 0, 1, 1]),
            (CGRect(x: -2, y: 0.25, width: 1, height: 0.5), [0, 0, 1, 1]),
            (CGRect(x: 1, y: 0, width: 1, height: 1), [0, 0, 1, 1]),
            (CGRect(x: 0.5, y: 0.5, width: 0, height: 0), [0, 0, 1, 1]),
            (CGRect(x: 0.5, y: 0.25, width: 0.25, height: 0), [0, 0, 1, 1]),
            (CGRect.null, [0, 0, 1, 1]),
            (CGRect(x: CGFloat.nan, y: 0, width: 0.5, height: 0.5), [0, 0, 1, 1]),
            (CGRect(x: 0.5, y: 0, width: -CGFloat.infinity, height: 1), [0, 0, 1, 1]),
            (CGRect(x: 0.5, y: 0.25, width: CGFloat.infinity, height: 0.5), [0.5, 0.25, 0.5, 0.5]),
        ] as [(CGRect, [CGFloat])])
    func sanitizedFitsTheUnitSquare(rect: CGRect, expected: [CGFloat]) {
        #expect(fields(CropHandle.sanitized(rect)) == expected)
    }
}
