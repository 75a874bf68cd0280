import Foundation
import Testing

@testable import LightboxGeometry

/// COCO run-length masks read column by column, and polygons' insides.
@Suite struct RunLengthMaskTests {
    /// A 3 x 2 grid, runs 1 out, 2 in, 3 out: the pixels (0, 1) and (1, 0).
    let small = RunLengthMask(width: 3, height: 2, counts: [1, 2, 3])!

    @Test func runsAreReadColumnByColumn() {
        #expect(small.values(in: PixelRect(left: 0, top: 0, width: 3, height: 2)) == [0, 255, 0, 255, 0, 0])
        #expect(small.values(in: PixelRect(left: 1, top: 0, width: 2, height: 1)) == [255, 0])
        #expect(small.bounds == PixelRect(left: 0, top: 0, width: 2, height: 2))
        #expect(small.normalizedBounds == CGRect(x: 0, y: 0, width: 2.0 / 3, height: 1))
    }

    /// (width, height, counts, bounds): runs within one column, across columns, and an empty mask.
    static let bounds: [(Int, Int, [Int], PixelRect?)] = [
        (4, 5, [6, 3, 11], PixelRect(left: 1, top: 1, width: 1, height: 3)),
        (4, 5, [8, 4, 8], PixelRect(left: 1, top: 0, width: 2, height: 5)),
        (4, 5, [20], nil),
        (4, 5, [0, 20], PixelRect(left: 0, top: 0, width: 4, height: 5)),
    ]

    @Test(arguments: bounds)
    func boundsHoldEveryInsidePixel(width: Int, height: Int, counts: [Int], expected: PixelRect?) throws {
        let mask = try #require(RunLengthMask(width: width, height: height, counts: counts))
        #expect(mask.bounds == expected)
    }

    @Test func runsThatDoNotCoverTheGridAreRefused() {
        #expect(RunLengthMask(width: 3, height: 2, counts: [1, 2, 2]) == nil)
        #expect(RunLengthMask(width: 3, height: 2, counts: [1, -2, 7]) == nil)
        #expect(RunLengthMask(width: 3, height: 2, counts: [Int.max, Int.max, 8]) == nil)
    }

    /// The displayed mask shows each stored pixel where the orientation puts it.
    @Test(arguments: ExifOrientation.allCases)
    func aStoredMaskTurnsUpright(orientation: ExifOrientation) throws {
        let mask = try #require(RunLengthMask(width: 3, height: 2, counts: [1, 2, 1, 1, 1]))
        let stored = mask.values(in: PixelRect(left: 0, top: 0, width: 3, height: 2))
        let shown = mask.displayed(orientation: orientation)
        #expect((shown.width, shown.height) == orientation.displayedSize(width: 3, height: 2))
        let values = shown.values(in: PixelRect(left: 0, top: 0, width: shown.width, height: shown.height))
        let (a, c) = orientation.storedFromDisplayed(width: Double(shown.width), height: Double(shown.height))
        for y in 0..<shown.height {
            for x in 0..<shown.width {
                let (cx, cy) = (Double(x) + 0.5, Double(y) + 0.5)
                let sx = Int(a[0] * cx + a[1] * cy + c.0), sy = Int(a[2] * cx + a[3] * cy + c.1)
                #expect(values[y * shown.width + x] == stored[sy * 3 + sx])
            }
        }
    }

    @Test func polygonsAreTheUnionOfTheirParts() throws {
        let shape = try #require(
            PolygonShape(flat: [[0, 0, 4, 0, 0, 4], [10, 10, 20, 10, 20, 20, 10, 20]], scale: (0.1, 0.1)))
        #expect(shape.bounds == CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(shape.contains(CGPoint(x: 0.1, y: 0.1)) && shape.contains(CGPoint(x: 1.5, y: 1.5)))
        #expect(!shape.contains(CGPoint(x: 0.35, y: 0.35)) && !shape.contains(CGPoint(x: 0.5, y: 1.5)))
        #expect(PolygonShape(flat: [[0, 0, 1, 1]]) == nil && PolygonShape(flat: [[0, 0, 1, 1, 2]]) == nil)
    }
}
