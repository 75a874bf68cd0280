import Foundation

/// One card as the layout places it: which photo, where its centre is, its tilt and its depth.
public struct BoardCard: Sendable, Equatable {
    /// The photo's id.
    public let id: String
    /// The photo's place in the board's photo list, which sets its home cell and tilt.
    public let index: Int
    /// The card's centre on the board, in points: its home plus its saved offset, clamped.
    public let center: CGPoint
    /// The tilt in degrees; positive turns clockwise on screen.
    public let angle: Double
    /// The stacking depth: higher is drawn later, on top.
    public let depth: Double
    /// The photo drawn on the card.
    public let photo: BoardPhoto

    /// Makes a placed card.
    public init(id: String, index: Int, center: CGPoint, angle: Double, depth: Double, photo: BoardPhoto) {
        self.id = id
        self.index = index
        self.center = center
        self.angle = angle
        self.depth = depth
        self.photo = photo
    }
}
