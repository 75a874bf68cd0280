import Foundation
import LightboxGeometry

/// One card as the layout places it: which photo, where its centre is, its pose and its depth.
package struct BoardCard: Sendable, Equatable {
    /// The photo's id.
    package let id: String
    /// The photo's place in the board's photo list, which sets its home cell and tilt.
    package let index: Int
    /// The card's centre on the board, in points: its home plus its saved offset (and a live drag), clamped.
    package let center: CGPoint
    /// The tilt, scale and shadow: resting, or lifted while dragged.
    package let pose: CardPose
    /// The stacking depth: higher is drawn later, on top.
    package let depth: Double
    /// The photo drawn on the card.
    package let photo: BoardPhoto

    /// Makes a placed card.
    package init(id: String, index: Int, center: CGPoint, pose: CardPose, depth: Double, photo: BoardPhoto) {
        self.id = id
        self.index = index
        self.center = center
        self.pose = pose
        self.depth = depth
        self.photo = photo
    }

    /// The tilt in degrees; positive turns clockwise on screen (0 when lifted).
    package var angle: Double { pose.angle }
}
