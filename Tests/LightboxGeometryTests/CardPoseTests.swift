import Foundation
import LightboxGeometry
import Testing

/// A card's pose at rest and while dragged, and the drawn card's content height.
struct CardPoseTests {
    /// (dragged, reduce motion, lifted).
    @Test(arguments: [(false, false, false), (true, false, true), (true, true, false), (false, true, false)])
    func liftedOnlyWhenDraggedWithMotion(dragged: Bool, reduceMotion: Bool, lifted: Bool) {
        for index in [0, 1, 4, 37] {
            let pose = CardPose(index: index, dragged: dragged, reduceMotion: reduceMotion)
            #expect(pose.lifted == lifted)
            #expect(pose.angle == (lifted ? 0 : BoardLayout.angle(index: index)))
            #expect(pose.scale == (lifted ? 1.06 : 1))
            #expect(pose.shadow == (lifted ? CardShadow.lifted : CardShadow.resting))
        }
    }

    /// (shadow, opacity, radius, drop): the seed's two shadows.
    @Test(arguments: [(CardShadow.resting, 0.25, CGFloat(6), CGFloat(3)), (CardShadow.lifted, 0.4, 16, 10)])
    func shadows(shadow: CardShadow, opacity: Double, radius: CGFloat, drop: CGFloat) {
        #expect(shadow.opacity == opacity)
        #expect(shadow.radius == radius)
        #expect(shadow.offsetY == drop)
    }

    /// (card width, drawn height): 8 + (w - 16) + 6 + 16 + 8 = w + 22; the layout keeps 1.2w.
    @Test(arguments: [(CGFloat(150), CGFloat(172)), (20, 42), (300, 322), (0, 23)])
    func drawnHeightIsTheContentHeight(width: CGFloat, height: CGFloat) {
        let drawn = CardPose.drawnSize(width: width)
        #expect(drawn == CGSize(width: max(width, 1), height: height))
        #expect(BoardLayout.cardSize(width: width).height == max(width, 1) * 1.2)
    }

    @Test func captionLineBoxSitsDirectlyUnderThePhoto() {
        // 150-point card: photo 8...142, gap to 148, caption line 148...164, padding to 172.
        let drawn = CardPose.drawnSize(width: 150)
        let photoBottom = CardStyle.padding + (150 - 2 * CardStyle.padding)
        let lineTop = photoBottom + CardStyle.captionGap
        #expect(lineTop == 148)
        #expect(lineTop + CardStyle.captionLineHeight + CardStyle.padding == drawn.height)
    }
}
