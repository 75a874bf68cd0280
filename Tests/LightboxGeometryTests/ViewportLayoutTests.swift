import Foundation
import LightboxGeometry
import Testing

/// The photo and page rects in output pixels, worked out by hand from the seed's formulas.
struct ViewportLayoutTests {
    /// (screen, scale, photo, zoom, offset, pull, expected photo rect x, y, width, height).
    static let viewerCases: [(CGSize, CGFloat, CGSize, CGFloat, CGSize, CGFloat, [CGFloat])] = [
        // 640x480 in 320x240 at 2x: fitted 320x240 points, the whole 640x480 output.
        (CGSize(width: 320, height: 240), 2, CGSize(width: 640, height: 480), 1, .zero, 0, [0, 0, 640, 480]),
        // Zoom 2: 1280x960 pixels around the centre, moved by (40, -30) points = (80, -60) pixels.
        (
            CGSize(width: 320, height: 240), 2, CGSize(width: 640, height: 480), 2, CGSize(width: 40, height: -30), 0,
            [-240, -300, 1280, 960]
        ),
        // Offset past the limit lands on it: limits are 160 and 120 points at zoom 2.
        (
            CGSize(width: 320, height: 240), 2, CGSize(width: 640, height: 480), 2, CGSize(width: 500, height: -500), 0,
            [0, -480, 1280, 960]
        ),
        // Letterboxed: 240x180 points in 240x320 at zoom 1.5 is 360x270; y cannot pan.
        (
            CGSize(width: 240, height: 320), 1, CGSize(width: 640, height: 480), 1.5, CGSize(width: 30, height: 80), 0,
            [-30, 25, 360, 270]
        ),
        // Pull 64: progress 0.2, scale 0.96, centre lowered by 64: 307.2x230.4 around (160, 304).
        (
            CGSize(width: 320, height: 480), 1, CGSize(width: 640, height: 480), 1, .zero, 64,
            [6.4, 188.8, 307.2, 230.4]
        ),
        // Pull past 320 counts as 320: scale 0.8; zoom 3 clamped to max 4 stays; offset scaled with the content.
        (
            CGSize(width: 100, height: 100), 1, CGSize(width: 100, height: 100), 3, CGSize(width: 50, height: 0), 400,
            [-30, 330, 240, 240]
        ),
    ]

    @Test(arguments: viewerCases)
    func viewerPhotoRect(
        screen: CGSize, scale: CGFloat, photo: CGSize, zoom: CGFloat, offset: CGSize, pull: CGFloat, expected: [CGFloat]
    ) {
        let layout = ViewportLayout(screen: screen, scale: scale, photo: photo, zoom: zoom, offset: offset, pull: pull)
        let rect = layout.photoRect
        let got = [rect.minX, rect.minY, rect.width, rect.height]
        #expect(zip(got, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(got) != \(expected)")
    }

    @Test func pullFadesTheBackdropAndMovesThePage() {
        let layout = ViewportLayout(
            screen: CGSize(width: 320, height: 480), scale: 2, photo: CGSize(width: 10, height: 10), zoom: 1, pull: 160)
        #expect(layout.progress == 0.5)
        #expect(abs(layout.backdropOpacity - 0.65) < 1e-12)
        #expect(abs(layout.contentScale - 0.9) < 1e-12)
        #expect(layout.contentOpacity == 1)
        // Page 288x432 points around (160, 400): 32..608 by 368..1232 pixels, clipped to 960 high.
        let page = layout.pageRect
        let got = [page.minX, page.minY, page.width, page.height]
        #expect(zip(got, [32, 368, 576, 864] as [CGFloat]).allSatisfy { abs($0 - $1) < 1e-9 }, "\(got)")
        #expect(layout.visiblePage?.top == 368 && layout.visiblePage?.height == 592)
        #expect(layout.pixelWidth == 640 && layout.pixelHeight == 960)
    }

    @Test(arguments: [(CGFloat(70), CGFloat(140), CGFloat(0.5)), (280, 140, 1), (-20, 140, 0), (10, 0, 1)])
    func screenStyleFollowsTheThreshold(pull: CGFloat, threshold: CGFloat, progress: CGFloat) {
        let layout = ViewportLayout(
            screen: CGSize(width: 100, height: 200), scale: 1, photo: CGSize(width: 100, height: 200), zoom: 1,
            pull: pull, style: .screen, threshold: threshold
        )
        #expect(layout.progress == progress)
        #expect(abs(layout.contentScale - (1 - 0.1 * progress)) < 1e-12)
        #expect(abs(layout.contentOpacity - (1 - 0.3 * progress)) < 1e-12)
        #expect(layout.backdropOpacity == 0)
        #expect(abs(layout.photoRect.midY - (100 + pull)) < 1e-9)
    }

    @Test func outputSizeRoundsTheScaledScreen() {
        let layout = ViewportLayout(
            screen: CGSize(width: 390, height: 844), scale: 2.5, photo: CGSize(width: 3, height: 4), zoom: 1)
        #expect(layout.pixelWidth == 975 && layout.pixelHeight == 2110)
        let odd = ViewportLayout(
            screen: CGSize(width: 101, height: 33), scale: 0.5, photo: CGSize(width: 3, height: 4), zoom: 1)
        #expect(odd.pixelWidth == 51 && odd.pixelHeight == 17)
    }

    @Test func pageOutOfSightHasNoVisibleRect() {
        let layout = ViewportLayout(
            screen: CGSize(width: 100, height: 100), scale: 1, photo: CGSize(width: 10, height: 10), zoom: 1, pull: 500)
        #expect(layout.visiblePage == nil)
    }

    @Test func pixelsPerPhotoPixelIsTheRectOverThePhoto() {
        let layout = ViewportLayout(
            screen: CGSize(width: 390, height: 844), scale: 3, photo: CGSize(width: 6000, height: 4000), zoom: 2)
        #expect(abs(layout.pixelsPerPhotoPixel(photoWidth: 6000) - 390.0 * 3 * 2 / 6000) < 1e-12)
        #expect(layout.pixelsPerPhotoPixel(photoWidth: 0) == 0)
    }
}
