import Foundation
import LightboxGeometry
import Testing

/// The header's place below the top safe area, and Reduce Motion on the drag-to-dismiss page.
struct ViewportSafeAreaTests {
    /// (style, pull, top safe area, scale, expected header origin x, y in pixels).
    static let origins: [(ViewportLayout.Style, CGFloat, CGFloat, CGFloat, [CGFloat])] = [
        (.viewer, 0, 0, 1, [0, 0]),
        (.viewer, 0, 59, 3, [0, 177]),
        // Screen style, pull 70 of 140: scale 0.95 around (160, 310): corner (8, 82), header 59 * 0.95 lower.
        (.screen, 70, 0, 1, [8, 82]),
        (.screen, 70, 59, 1, [8, 82 + 56.05]),
        (.screen, 70, 59, 2, [16, 164 + 112.1]),
    ]

    @Test(arguments: origins)
    func headerSitsBelowTheTopSafeArea(
        style: ViewportLayout.Style, pull: CGFloat, top: CGFloat, scale: CGFloat, expected: [CGFloat]
    ) {
        let layout = ViewportLayout(
            screen: CGSize(width: 320, height: 480), scale: scale, photo: CGSize(width: 640, height: 480), zoom: 1,
            pull: pull, style: style, safeArea: SafeArea(top: top, bottom: 34)
        )
        let origin = layout.headerOrigin
        #expect(abs(origin.x - expected[0]) < 1e-9 && abs(origin.y - expected[1]) < 1e-9, "\(origin)")
    }

    /// (style, reduce motion, expected content scale, opacity) at pull 70 (viewer progress 0.21875, screen 0.5).
    @Test(arguments: [
        (ViewportLayout.Style.screen, false, CGFloat(0.95), CGFloat(0.85)),
        (.screen, true, 1, 0.85),
        (.viewer, false, 1 - 0.21875 * 0.2, 1),
        (.viewer, true, 1 - 0.21875 * 0.2, 1),
    ])
    func reduceMotionKeepsTheScreenPageFullSize(
        style: ViewportLayout.Style, reduceMotion: Bool, scale: CGFloat, opacity: CGFloat
    ) {
        let layout = ViewportLayout(
            screen: CGSize(width: 320, height: 480), scale: 1, photo: CGSize(width: 640, height: 480), zoom: 1,
            pull: 70, style: style, reduceMotion: reduceMotion
        )
        #expect(abs(layout.contentScale - scale) < 1e-12)
        #expect(abs(layout.contentOpacity - opacity) < 1e-12)
    }
}
