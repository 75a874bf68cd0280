import Foundation

/// A card being dragged when the board was saved: which card, and how far the finger has moved it.
package struct BoardDrag: Sendable, Equatable, Codable {
    /// The dragged photo's id.
    package let id: String
    /// The live translation of the drag in points, added to the card's home and saved offset.
    package let translation: CGSize

    /// Makes a drag.
    package init(id: String, translation: CGSize) {
        self.id = id
        self.translation = translation
    }
}
