import Foundation
import LightboxGeometry
import Testing

struct DismissMathTests {
    @Test func defaultThreshold() {
        #expect(DismissMath.defaultThreshold == 140)
    }

    // offset / threshold kept in 0...1; 100 / 140 = 0.7142857142857143 in python3.
    // A threshold of zero or less jumps straight to 1 for any downward offset.
    @Test(
        arguments: [
            (CGFloat(70), CGFloat(140), CGFloat(0.5)),
            (35, 140, 0.25),
            (100, 140, 0.7142857142857143),
            (140, 140, 1),
            (280, 140, 1),
            (0, 140, 0),
            (-20, 140, 0),
            (10, 0, 1),
            (0, 0, 0),
            (-5, 0, 0),
            (10, -10, 1),
            (-5, -10, 0),
        ] as [(CGFloat, CGFloat, CGFloat)])
    func progress(offset: CGFloat, threshold: CGFloat, expected: CGFloat) {
        #expect(DismissMath.progress(offset: offset, threshold: threshold) == expected)
    }

    @Test(
        arguments: [
            (CGFloat(0), CGFloat(1000), CGFloat(140), false),
            (-5, 1000, 140, false),
            (1, 0, 140, false),
            (139, 279, 140, false),
            (139, 280, 140, true),
            (140, 0, 140, true),
            (141, -500, 140, true),
            (10, 0, 0, true),
            (10, -100, -10, true),
            (0, 100, -10, false),
        ] as [(CGFloat, CGFloat, CGFloat, Bool)])
    func shouldDismiss(translation: CGFloat, predicted: CGFloat, threshold: CGFloat, expected: Bool) {
        #expect(
            DismissMath.shouldDismiss(translation: translation, predicted: predicted, threshold: threshold) == expected)
    }

    // 1 - 0.1 p and 1 - 0.3 p in python3: 1 - 0.025 = 0.975, 1 - 0.075 = 0.925.
    @Test(
        arguments: [
            (CGFloat(0), CGFloat(1), CGFloat(1)),
            (0.25, 0.975, 0.925),
            (0.5, 0.95, 0.85),
            (1, 0.9, 0.7),
        ] as [(CGFloat, CGFloat, CGFloat)])
    func dragLook(progress: CGFloat, scale: CGFloat, opacity: CGFloat) {
        #expect(DismissMath.contentScale(progress: progress) == scale)
        #expect(DismissMath.contentOpacity(progress: progress) == opacity)
    }

    @Test(
        arguments: [
            (CGFloat(844), CGFloat(140), CGFloat(844)),
            (500, 140, 560),
            (0, 140, 560),
            (844, 0, 844),
            (-10, -5, -10),
        ] as [(CGFloat, CGFloat, CGFloat)])
    func dismissDistance(screenHeight: CGFloat, threshold: CGFloat, expected: CGFloat) {
        #expect(DismissMath.dismissDistance(screenHeight: screenHeight, threshold: threshold) == expected)
    }
}
