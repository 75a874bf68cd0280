import Foundation
import LightboxGeometry
import Testing

/// The raw fields of a rectangle, so a test notices a result that is not standardized.
private func fields(_ rect: CGRect) -> [CGFloat] {
    [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height]
}

/// A segment or polyline flattened to x, y pairs, for comparing with a literal list.
private func flat(_ points: [CGPoint]) -> [CGFloat] {
    points.flatMap { [$0.x, $0.y] }
}

struct CropOverlayGeometryTests {
    @Test func lookConstants() {
        #expect(CropOverlayGeometry.dimOpacity == 0.55)
        #expect(CropOverlayGeometry.thirdsOpacity == 0.5)
        #expect(CropOverlayGeometry.thirdsLineWidth == 0.5)
        #expect(CropOverlayGeometry.frameLineWidth == 1.5)
        #expect(CropOverlayGeometry.bracketLineWidth == 4)
        #expect(CropOverlayGeometry.grip == 44)
    }

    // min(22, shorter side / 2); a flipped frame measures its absolute width.
    @Test(
        arguments: [
            (CGRect(x: 0, y: 0, width: 100, height: 60), CGFloat(22)),
            (CGRect(x: 5, y: 5, width: 44, height: 44), 22),
            (CGRect(x: 0, y: 0, width: 30, height: 40), 15),
            (CGRect(x: 0, y: 0, width: 40, height: 10), 5),
            (CGRect(x: 100, y: 0, width: -30, height: 40), 15),
            (CGRect(x: 0, y: 0, width: 0, height: 40), 0),
        ] as [(CGRect, CGFloat)])
    func bracketLength(frame: CGRect, expected: CGFloat) {
        #expect(CropOverlayGeometry.bracketLength(for: frame) == expected)
    }

    // Normalized crop times the shown size, edge by edge.
    @Test(
        arguments: [
            (CGRect(x: 0.25, y: 0.5, width: 0.5, height: 0.25), CGSize(width: 400, height: 800), [100, 400, 200, 200]),
            (CGRect(x: 0, y: 0, width: 1, height: 1), CGSize(width: 320, height: 400), [0, 0, 320, 400]),
            (CGRect(x: 0.75, y: 0, width: -0.5, height: 1), CGSize(width: 100, height: 100), [25, 0, 50, 100]),
            (CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5), CGSize.zero, [0, 0, 0, 0]),
        ] as [(CGRect, CGSize, [CGFloat])])
    func frameScalesTheCrop(crop: CGRect, size: CGSize, expected: [CGFloat]) {
        #expect(fields(CropOverlayGeometry.frame(for: crop, in: size)) == expected)
    }

    @Test func thirdsLinesInOrder() {
        // Frame 30...330 by 60...660: 30 + 300 * (1/3) = 130, 30 + 300 * (2/3) = 230,
        // 60 + 600 * (1/3) = 260, 60 + 600 * (2/3) = 460 (python3).
        let lines = CropOverlayGeometry.thirdsLines(in: CGRect(x: 30, y: 60, width: 300, height: 600))
        #expect(
            lines.map { flat([$0.0, $0.1]) } == [
                [130, 60, 130, 660],
                [30, 260, 330, 260],
                [230, 60, 230, 660],
                [30, 460, 330, 460],
            ])
    }

    @Test func thirdsLinesRoundLikeTheOriginal() {
        // 100 * (1/3) = 33.33333333333333, 10 + that = 43.33333333333333;
        // 100 * (2/3) = 66.66666666666666, 10 + that = 76.66666666666666 (python3).
        let lines = CropOverlayGeometry.thirdsLines(in: CGRect(x: 10, y: 10, width: 100, height: 100))
        #expect(
            lines.map { flat([$0.0, $0.1]) } == [
                [43.33333333333333, 10, 43.33333333333333, 110],
                [10, 43.33333333333333, 110, 43.33333333333333],
                [76.66666666666666, 10, 76.66666666666666, 110],
                [10, 76.66666666666666, 110, 76.66666666666666],
            ])
    }

    @Test func bracketsAtEveryCorner() {
        // Frame 10...110 by 20...80, arms of 22: top-left, top-right, bottom-right, bottom-left.
        let paths = CropOverlayGeometry.bracketPaths(in: CGRect(x: 10, y: 20, width: 100, height: 60))
        #expect(
            paths.map(flat) == [
                [32, 20, 10, 20, 10, 42],
                [88, 20, 110, 20, 110, 42],
                [88, 80, 110, 80, 110, 58],
                [32, 80, 10, 80, 10, 58],
            ])
    }

    @Test func bracketsOnASmallFrame() {
        // A 10 by 40 frame gets arms of 5.
        let paths = CropOverlayGeometry.bracketPaths(in: CGRect(x: 0, y: 0, width: 10, height: 40))
        #expect(
            paths.map(flat) == [
                [5, 0, 0, 0, 0, 5],
                [5, 0, 10, 0, 10, 5],
                [5, 40, 10, 40, 10, 35],
                [5, 40, 0, 40, 0, 35],
            ])
    }

    @Test func bracketsOnAnEmptyFrame() {
        let paths = CropOverlayGeometry.bracketPaths(in: CGRect(x: 7, y: 9, width: 0, height: 0))
        #expect(paths.count == 4)
        #expect(paths.allSatisfy { flat($0) == [7, 9, 7, 9, 7, 9] })
    }
}
