import Foundation
import LightboxGeometry
import Testing

/// A 150-point card on a 600 by 800 board, the demo's proportions.
private let card = CGSize(width: 150, height: 180)
private let board = CGSize(width: 600, height: 800)

struct BoardLayoutTests {
    // python3: r = int(math.fmod(i, 10000)) (Swift's % keeps the sign),
    // v = math.sin(r * 12.9898 + salt) * 43758.5453, v - math.floor(v) - 0.5.
    @Test(arguments: [
        (0, 1.0, 0.046207351952034514),
        (0, 3.0, -0.2937345759355594),
        (0, 7.0, 0.2778415290522389),
        (1, 1.0, -0.2479142819502158),
        (1, 3.0, 0.35663286442104436),
        (3, 7.0, -0.4261967237907811),
        (10_003, 7.0, -0.4261967237907811),
        (10_003, 1.0, 0.20250100617704447),
        (20_000, 1.0, 0.046207351952034514),
        (9_999, 3.0, -0.4960590307455277),
        (12_345, 7.0, -0.23042865440947935),
        (-3, 1.0, -0.431673638689972),
        (-3, 7.0, 0.027063166089646984),
        (-10_003, 3.0, -0.33509015842719236),
    ])
    func noise(index: Int, salt: Double, expected: Double) {
        #expect(BoardLayout.noise(index, salt: salt) == expected)
    }

    @Test(arguments: [0, 1, 3, 9_999, -3, -9_999, 123_456])
    func noiseRepeatsEveryTenThousandKeepingSign(index: Int) {
        let shift = index < 0 ? -10_000 : 10_000
        for salt in [1.0, 3.0, 7.0] {
            #expect(BoardLayout.noise(index + shift, salt: salt) == BoardLayout.noise(index, salt: salt))
            let value = BoardLayout.noise(index, salt: salt)
            #expect(value >= -0.5 && value < 0.5)
        }
        // -3 does not wrap to 9997: the remainder keeps the sign.
        #expect(BoardLayout.noise(-3, salt: 1) != BoardLayout.noise(9_997, salt: 1))
    }

    // noise(i, 7) * 9 * 2 in python3.
    @Test(arguments: [
        (0, 5.0011475229403),
        (1, 7.900960918093915),
        (3, -7.67154102823406),
        (10_003, -7.67154102823406),
        (-3, 0.4871369896136457),
    ])
    func angle(index: Int, expected: Double) {
        #expect(BoardLayout.angle(index: index) == expected)
        #expect(abs(expected) <= BoardLayout.maximumAngle)
    }

    @Test(
        arguments: [
            (CGFloat(150), CGFloat(150), CGFloat(180)),
            (100, 100, 120),
            (1, 1, 1.2),
            (0.5, 1, 1.2),
            (0, 1, 1.2),
            (-40, 1, 1.2),
        ] as [(CGFloat, CGFloat, CGFloat)])
    func cardSize(width: CGFloat, expectedWidth: CGFloat, expectedHeight: CGFloat) {
        let size = BoardLayout.cardSize(width: width)
        #expect(size.width == expectedWidth)
        #expect(size.height == expectedHeight)
        #expect(BoardLayout.defaultCardWidth == 150)
        #expect(BoardLayout.maximumAngle == 9)
    }

    // The 150x180 card tilted 9 degrees fills a 176.31145479651224 x 201.24907106315945 box
    // (python3: w cos t + h sin t, h cos t + w sin t, t = 9 pi / 180), so a centre stays within
    // 88.15572739825612...511.8442726017439 by 100.62453553157972...699.3754644684203.
    @Test(
        arguments: [
            (CGPoint(x: 300, y: 400), board, CGPoint(x: 300, y: 400)),
            (CGPoint(x: 0, y: 0), board, CGPoint(x: 88.15572739825612, y: 100.62453553157972)),
            (CGPoint(x: 1000, y: 1000), board, CGPoint(x: 511.8442726017439, y: 699.3754644684203)),
            (CGPoint(x: -50, y: 900), board, CGPoint(x: 88.15572739825612, y: 699.3754644684203)),
            // Too small on both axes, or on one: the middle of that axis.
            (CGPoint(x: 10, y: 10), CGSize(width: 100, height: 100), CGPoint(x: 50, y: 50)),
            (CGPoint(x: 10, y: 10), CGSize(width: 176, height: 800), CGPoint(x: 88, y: 100.62453553157972)),
            (CGPoint(x: 10, y: 10), CGSize.zero, CGPoint(x: 0, y: 0)),
            (CGPoint(x: 10, y: 10), CGSize(width: -200, height: -60), CGPoint(x: -100, y: -30)),
        ] as [(CGPoint, CGSize, CGPoint)])
    func clamped(point: CGPoint, board: CGSize, expected: CGPoint) {
        let result = BoardLayout.clamped(point, card: card, board: board)
        #expect(result.x == expected.x)
        #expect(result.y == expected.y)
    }

    // End = clamped(home + saved + translation), offset = end - home.
    @Test(
        arguments: [
            // 340, 370 is on the board: the full move is kept.
            (
                CGPoint(x: 300, y: 400), CGSize(width: 10, height: 20), CGSize(width: 30, height: -50), board,
                CGSize(width: 40, height: -30)
            ),
            // 88.15572739825612 - 300 and 699.3754644684203 - 400 in python3.
            (
                CGPoint(x: 300, y: 400), CGSize.zero, CGSize(width: -1000, height: 1000), board,
                CGSize(width: -211.84427260174388, height: 299.3754644684203)
            ),
            // The card does not fit a 100x100 board, so it settles in the middle.
            (
                CGPoint(x: 100, y: 100), CGSize(width: 5, height: 5), CGSize(width: 5, height: 5),
                CGSize(width: 100, height: 100), CGSize(width: -50, height: -50)
            ),
        ] as [(CGPoint, CGSize, CGSize, CGSize, CGSize)])
    func settledOffset(home: CGPoint, saved: CGSize, translation: CGSize, board: CGSize, expected: CGSize) {
        let result = BoardLayout.settledOffset(
            home: home, saved: saved, translation: translation, card: card, board: board)
        #expect(result.width == expected.width)
        #expect(result.height == expected.height)
    }
}
