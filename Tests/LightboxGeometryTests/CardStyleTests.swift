import Foundation
import LightboxGeometry
import Testing

struct CardStyleTests {
    @Test(
        arguments: [
            (CardStyle.cornerRadius, CGFloat(4)),
            (CardStyle.padding, 8),
            (CardStyle.captionGap, 6),
            (CardStyle.captionFontSize, 12),
            (CardStyle.minimumScaleFactor, 0.7),
            (CardStyle.shadowRadius, 6),
            (CardStyle.shadowOffsetY, 3),
        ] as [(CGFloat, CGFloat)])
    func lengths(value: CGFloat, expected: CGFloat) {
        #expect(value == expected)
    }

    @Test(arguments: [
        (CardStyle.captionOpacity, 0.75),
        (CardStyle.shadowOpacity, 0.25),
    ])
    func opacities(value: Double, expected: Double) {
        #expect(value == expected)
    }

    @Test func backgroundGradientTop() {
        // The demo board's warm brown, lighter at the top.
        let top = CardStyle.backgroundTop
        #expect(top.red == 0.72)
        #expect(top.green == 0.55)
        #expect(top.blue == 0.38)
    }

    @Test func backgroundGradientBottom() {
        let bottom = CardStyle.backgroundBottom
        #expect(bottom.red == 0.55)
        #expect(bottom.green == 0.39)
        #expect(bottom.blue == 0.25)
    }

    @Test func cardFitsItsPhotoAndCaption() {
        // A 150 by 180 card leaves a 134-point square photo inside 8 points of padding, and
        // 180 - 8 - 134 - 6 - 8 = 24 points for the caption line.
        let card = BoardLayout.cardSize(width: BoardLayout.defaultCardWidth)
        let photo = card.width - 2 * CardStyle.padding
        #expect(photo == 134)
        #expect(card.height - CardStyle.padding - photo - CardStyle.captionGap - CardStyle.padding == 24)
    }
}
