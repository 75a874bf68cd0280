import Foundation

/// One placed card of a printed layout: where it is drawn, turned and lifted, and how deep.
package struct BoardLayoutCard: Encodable, Sendable, Equatable {
    /// The photo's id.
    package var id: String
    /// The photo's index in the layout.
    package var index: Int
    /// The card's centre on the board, in points.
    package var center: CGPoint
    /// The card's turn in degrees.
    package var angle: Double
    /// The card's scale (above 1 while lifted).
    package var scale: Double
    /// Whether the card is lifted.
    package var lifted: Bool
    /// The card's depth; cards are drawn from the lowest.
    package var depth: Double

    /// Makes a card.
    package init(id: String, index: Int, center: CGPoint, angle: Double, scale: Double, lifted: Bool, depth: Double) {
        self.id = id
        self.index = index
        self.center = center
        self.angle = angle
        self.scale = scale
        self.lifted = lifted
        self.depth = depth
    }

    /// Writes the card, its centre as `{"x": .., "y": ..}`.
    package func encode(to encoder: any Encoder) throws {
        var object = encoder.container(keyedBy: BoardFields.Key.self)
        try object.encode(id, forKey: BoardFields.Key("id"))
        try object.encode(index, forKey: BoardFields.Key("index"))
        var point = object.nestedContainer(keyedBy: BoardFields.Key.self, forKey: BoardFields.Key("center"))
        try point.encode(Double(center.x), forKey: BoardFields.Key("x"))
        try point.encode(Double(center.y), forKey: BoardFields.Key("y"))
        try object.encode(angle, forKey: BoardFields.Key("angle"))
        try object.encode(scale, forKey: BoardFields.Key("scale"))
        try object.encode(lifted, forKey: BoardFields.Key("lifted"))
        try object.encode(depth, forKey: BoardFields.Key("depth"))
    }
}
