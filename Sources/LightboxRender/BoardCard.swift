import Foundation
import LightboxGeometry

/// One card as the layout places it: which photo, where its centre is, its pose and its depth.
public struct BoardCard: Sendable, Equatable {
    /// The photo's id.
    public let id: String
    /// The photo's place in the board's photo list, which sets its home cell and tilt.
    public let index: Int
    /// The card's centre on the board, in points: its home plus its saved offset (and a live drag), clamped.
    public let center: CGPoint
    /// The tilt, scale and shadow: resting, or lifted while dragged.
    public let pose: CardPose
    /// The stacking depth: higher is drawn later, on top.
    public let depth: Double
    /// The photo drawn on the card.
    public let photo: BoardPhoto

    /// Makes a placed card.
    public init(id: String, index: Int, center: CGPoint, pose: CardPose, depth: Double, photo: BoardPhoto) {
        self.id = id
        self.index = index
        self.center = center
        self.pose = pose
        self.depth = depth
        self.photo = photo
    }

    /// The tilt in degrees; positive turns clockwise on screen (0 when lifted).
    public var angle: Double { pose.angle }
}
