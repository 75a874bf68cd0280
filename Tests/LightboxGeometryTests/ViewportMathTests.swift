import Foundation
import LightboxGeometry
import Testing

struct ViewportMathTests {
    @Test func constants() {
        #expect(ViewportMath.defaultMaxZoom == 4)
        #expect(ViewportMath.doubleTapZoom == 2.5)
        #expect(ViewportMath.pullDistance == 320)
        #expect(ViewportMath.headerPadding == 16)
        #expect(ViewportMath.closeButtonSide == 44)
    }

    // Limit per side is max((photo * zoom - page) / 2, 0).
    @Test(
        arguments: [
            // 300x400 at zoom 2 in 300x600: limits 150 and 100.
            (
                CGSize(width: 200, height: -150), CGFloat(2), CGSize(width: 300, height: 400),
                CGSize(width: 300, height: 600), CGSize(width: 150, height: -100)
            ),
            (
                CGSize(width: 10, height: -20), 2, CGSize(width: 300, height: 400), CGSize(width: 300, height: 600),
                CGSize(width: 10, height: -20)
            ),
            // At fit nothing overflows, so nothing pans.
            (
                CGSize(width: 50, height: 50), 1, CGSize(width: 300, height: 400), CGSize(width: 300, height: 600),
                CGSize(width: 0, height: 0)
            ),
            // Width 600 still fits 800 and cannot pan; height 800 overflows 600 by 100 each way.
            (
                CGSize(width: 50, height: 150), 2, CGSize(width: 300, height: 400), CGSize(width: 800, height: 600),
                CGSize(width: 0, height: 100)
            ),
            (
                CGSize(width: -50, height: -150), 2, CGSize(width: 300, height: 400), CGSize(width: 800, height: 600),
                CGSize(width: 0, height: -100)
            ),
            // Zoom below 1 and an unmeasured photo both leave no room.
            (
                CGSize(width: 5, height: 5), 0.5, CGSize(width: 300, height: 400), CGSize(width: 300, height: 400),
                CGSize(width: 0, height: 0)
            ),
            (CGSize(width: 5, height: 5), 3, CGSize.zero, CGSize(width: 300, height: 400), CGSize(width: 0, height: 0)),
            // A negative page size widens the limits: (300 + 100) / 2 = 200, (400 + 100) / 2 = 250.
            (
                CGSize(width: 500, height: -500), 1, CGSize(width: 300, height: 400), CGSize(width: -100, height: -100),
                CGSize(width: 200, height: -250)
            ),
        ] as [(CGSize, CGFloat, CGSize, CGSize, CGSize)])
    func clampedOffset(offset: CGSize, zoom: CGFloat, photo: CGSize, size: CGSize, expected: CGSize) {
        let result = ViewportMath.clampedOffset(offset, zoom: zoom, photo: photo, in: size)
        #expect(result.width == expected.width)
        #expect(result.height == expected.height)
    }

    @Test(
        arguments: [
            (CGFloat(0.5), CGFloat(4), CGFloat(1)),
            (-3, 4, 1),
            (1, 4, 1),
            (2, 4, 2),
            (4, 4, 4),
            (5, 4, 4),
            (2, 0.5, 1),
            (2, -1, 1),
            (1.5, 1, 1),
        ] as [(CGFloat, CGFloat, CGFloat)])
    func clampedZoom(zoom: CGFloat, maxZoom: CGFloat, expected: CGFloat) {
        #expect(ViewportMath.clampedZoom(zoom, maxZoom: maxZoom) == expected)
    }

    @Test(arguments: [
        (-1, 4, 0), (0, 4, 0), (3, 4, 3), (4, 4, 3), (10, 4, 3),
        (0, 0, 0), (5, 0, 0), (-1, 0, 0),
        (0, 1, 0), (2, 1, 0), (Int.max, 3, 2), (Int.min, 3, 0),
    ])
    func clampedPage(page: Int, count: Int, expected: Int) {
        #expect(ViewportMath.clampedPage(page, count: count) == expected)
    }

    // Zoomed in goes back to 1; at or below fit goes to 2.5, clamped to 1...maxZoom.
    @Test(
        arguments: [
            (CGFloat(1), CGFloat(4), CGFloat(2.5)),
            (0.5, 4, 2.5),
            (2, 4, 1),
            (1.0000001, 4, 1),
            (1, 2, 2),
            (1, 0.5, 1),
            (1, 1, 1),
        ] as [(CGFloat, CGFloat, CGFloat)])
    func toggledZoom(zoom: CGFloat, maxZoom: CGFloat, expected: CGFloat) {
        #expect(ViewportMath.toggledZoom(zoom, maxZoom: maxZoom) == expected)
    }

    // scale = min(cw / pw, ch / ph): 390 / 900 wins over 844 / 1200, 900 * scale = 390.0 and
    // 1200 * scale = 520.0 in python3; 1000 * 0.3 = 300.0, 500 * 0.3 = 150.0.
    @Test(
        arguments: [
            (CGSize(width: 800, height: 1000), CGSize(width: 400, height: 1000), CGSize(width: 400, height: 500)),
            (CGSize(width: 900, height: 1200), CGSize(width: 390, height: 844), CGSize(width: 390, height: 520)),
            (CGSize(width: 1000, height: 500), CGSize(width: 300, height: 300), CGSize(width: 300, height: 150)),
            (CGSize(width: 10, height: 10), CGSize(width: 300, height: 200), CGSize(width: 200, height: 200)),
            (CGSize(width: 0, height: 500), CGSize(width: 300, height: 300), CGSize.zero),
            (CGSize(width: -100, height: 500), CGSize(width: 300, height: 300), CGSize.zero),
            (CGSize(width: 100, height: CGFloat.infinity), CGSize(width: 300, height: 300), CGSize.zero),
            (CGSize(width: CGFloat.nan, height: 100), CGSize(width: 300, height: 300), CGSize.zero),
            (CGSize(width: 100, height: 200), CGSize.zero, CGSize.zero),
            (CGSize(width: 100, height: 200), CGSize(width: -300, height: 300), CGSize.zero),
        ] as [(CGSize, CGSize, CGSize)])
    func fittedSize(photo: CGSize, container: CGSize, expected: CGSize) {
        let result = ViewportMath.fittedSize(of: photo, in: container)
        #expect(result.width == expected.width)
        #expect(result.height == expected.height)
    }

    // pull / 320, kept in 0...1; 100 / 320 = 0.3125 exactly.
    @Test(
        arguments: [
            (CGFloat(-10), CGFloat(0)), (0, 0), (80, 0.25), (100, 0.3125), (160, 0.5), (320, 1), (640, 1),
        ] as [(CGFloat, CGFloat)])
    func pullProgress(pull: CGFloat, expected: CGFloat) {
        #expect(ViewportMath.pullProgress(pull) == expected)
    }

    // 1 - p * 0.7 and 1 - p * 0.2 in python3: 1 - 0.7 = 0.30000000000000004, 1 - 0.175 = 0.825.
    @Test(
        arguments: [
            (CGFloat(0), CGFloat(1), CGFloat(1)),
            (0.25, 0.825, 0.95),
            (0.5, 0.65, 0.9),
            (1, 0.30000000000000004, 0.8),
        ] as [(CGFloat, CGFloat, CGFloat)])
    func pullLook(progress: CGFloat, opacity: CGFloat, scale: CGFloat) {
        #expect(ViewportMath.backdropOpacity(progress: progress) == opacity)
        #expect(ViewportMath.contentScale(progress: progress) == scale)
    }

    @Test(
        arguments: [
            (0, 4, "1 of 4"), (3, 4, "4 of 4"), (7, 4, "4 of 4"), (-1, 4, "1 of 4"),
            (0, 1, "1 of 1"), (0, 0, nil), (3, 0, nil), (0, -2, nil),
        ] as [(Int, Int, String?)])
    func pageLabel(page: Int, count: Int, expected: String?) {
        #expect(ViewportMath.pageLabel(page: page, count: count) == expected)
    }
}
