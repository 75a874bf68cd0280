import Foundation

/// What `--print-layout` adds about the result: the output, the card sizes and every placed
/// card in drawing order. A layout file read back passes over these keys.
package struct BoardLayoutPrinted: Sendable, Equatable {
    /// The board image written.
    package var output: String
    /// The layout's card size in points.
    package var card: CGSize
    /// The drawn card's size (photo, border and caption) in points.
    package var drawnCard: CGSize
    /// The cards in drawing order.
    package var cards: [BoardLayoutCard]

    /// Makes the printed part.
    package init(output: String, card: CGSize, drawnCard: CGSize, cards: [BoardLayoutCard]) {
        self.output = output
        self.card = card
        self.drawnCard = drawnCard
        self.cards = cards
    }

    /// Writes `card`, `drawnCard` and `cards` into the layout's object.
    func encode(into object: inout KeyedEncodingContainer<BoardFields.Key>) throws {
        try object.encode(BoardLayoutSize(card), forKey: BoardFields.Key("card"))
        try object.encode(BoardLayoutSize(drawnCard), forKey: BoardFields.Key("drawnCard"))
        try object.encode(cards, forKey: BoardFields.Key("cards"))
    }
}
