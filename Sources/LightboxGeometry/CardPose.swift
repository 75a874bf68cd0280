import Foundation

/// How a card is drawn at rest or while dragged: its tilt, its scale and its shadow.
///
/// The seed lifts the card under the finger: upright, 6% larger, with a deeper shadow. With
/// Reduce Motion on, a dragged card still follows the finger and comes to the front, but does
/// not lift.
public struct CardPose: Sendable, Equatable {
    /// The tilt in degrees; positive turns clockwise on screen.
    public let angle: Double
    /// The scale around the card's centre (the shadow scales with it).
    public let scale: CGFloat
    /// The shadow, before the scale.
    public let shadow: CardShadow
    /// Whether the card is lifted.
    public let lifted: Bool

    /// How much larger a lifted card is drawn.
    public static let liftScale: CGFloat = 1.06

    /// The pose of the card at `index`: lifted when it is `dragged` and Reduce Motion is off.
    public init(index: Int, dragged: Bool, reduceMotion: Bool) {
        lifted = dragged && !reduceMotion
        angle = lifted ? 0 : BoardLayout.angle(index: index)
        scale = lifted ? CardPose.liftScale : 1
        shadow = lifted ? .lifted : .resting
    }

    /// The size of a drawn card `width` points wide: sized by its content, not by the layout's 1.2.
    ///
    /// The seed's card is a `VStack(spacing: 6)` of the square photo (width less the padding on
    /// both sides) and one caption line, padded by 8: `width + captionGap + captionLineHeight`.
    /// `BoardLayout.cardSize(width:)` (1.2 times the width) stays the size the layout clamps with.
    package static func drawnSize(width: CGFloat) -> CGSize {
        let side = max(width, 1)
        return CGSize(width: side, height: side + CardStyle.captionGap + CardStyle.captionLineHeight)
    }
}
