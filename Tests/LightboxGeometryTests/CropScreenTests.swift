import Foundation
import LightboxGeometry
import Testing

/// The crop screen: the photo fitted in the padded safe area, and the preview's pixels per point.
struct CropScreenTests {
    /// (screen, top, bottom, photo, expected shown width, height).
    static let shown: [(CGSize, CGFloat, CGFloat, CGSize, CGSize)] = [
        // The demo iPhone: room 361x727; the seed's 800x1000 photo is width-bound.
        (CGSize(width: 393, height: 852), 59, 34, CGSize(width: 800, height: 1000), CGSize(width: 361, height: 451.25)),
        // A tall strip is height-bound: 727 high, 72.7 wide.
        (CGSize(width: 393, height: 852), 59, 34, CGSize(width: 100, height: 1000), CGSize(width: 72.7, height: 727)),
        // No safe areas: 268x268 of room.
        (CGSize(width: 300, height: 300), 0, 0, CGSize(width: 640, height: 480), CGSize(width: 268, height: 201)),
    ]

    @Test(arguments: shown)
    func photoIsFittedInsideThePaddedSafeArea(
        screen: CGSize, top: CGFloat, bottom: CGFloat, photo: CGSize, expected: CGSize
    ) {
        let size = CropScreen(screen: screen, safeArea: SafeArea(top: top, bottom: bottom)).shownSize(of: photo)
        #expect(abs(size.width - expected.width) < 1e-9 && abs(size.height - expected.height) < 1e-9, "\(size)")
    }

    /// (preview width, photo, expected pixels per point) on the demo iPhone.
    static let densities: [(CGFloat, CGSize, CGFloat)] = [
        (1024, CGSize(width: 1024, height: 768), 1024 / 361),
        (96, CGSize(width: 96, height: 64), 96 / 361),
        (640, CGSize(width: 640, height: 6400), 640 / 72.7),
        (0, CGSize(width: 0, height: 10), 0),
    ]

    @Test(arguments: densities)
    func pixelsPerPoint(width: CGFloat, photo: CGSize, expected: CGFloat) {
        let screen = CropScreen(device: .demo)
        #expect(abs(screen.pixelsPerPoint(pixelWidth: width, photo: photo) - expected) < 1e-9)
    }

    @Test func strokesReachHalfTheBracketWidthPastTheFrame() {
        #expect(CropScreen.strokeReach == 2)
        #expect(CropScreen.padding == 16)
    }
}
