import Foundation
import LightboxGeometry

/// Everything that decides a board image: the board, the card width, the scale, the background,
/// the photos, their saved offsets and the stacking list.
///
/// This is what a layout file holds and what `--print-layout` writes back; the placed cards
/// follow from it through `BoardLayout`, exactly as the app computes them.
public struct BoardPlan: Sendable, Equatable {
    /// The board's size in points.
    public var board: CGSize
    /// The card width in points (the height is 1.2 times it).
    public var cardWidth: CGFloat
    /// Output pixels per point.
    public var scale: Double
    /// What lies under the cards.
    public var background: BoardBackground
    /// The photos in board order.
    public var photos: [BoardPhoto]
    /// Saved offsets from each card's home, by id, in points.
    public var offsets: [String: CGSize]
    /// The ids brought to the front, the most recent last.
    public var stacking: [String]

    /// Makes a plan.
    public init(
        board: CGSize, cardWidth: CGFloat = BoardLayout.defaultCardWidth, scale: Double = 1,
        background: BoardBackground = .standard, photos: [BoardPhoto],
        offsets: [String: CGSize] = [:], stacking: [String] = []
    ) {
        self.board = board
        self.cardWidth = cardWidth
        self.scale = scale
        self.background = background
        self.photos = photos
        self.offsets = offsets
        self.stacking = stacking
    }

    /// The card's size in points.
    public var cardSize: CGSize { BoardLayout.cardSize(width: cardWidth) }

    /// Every file the board reads: the photos, then the background image if there is one.
    public var inputs: [String] {
        var paths = photos.map(\.path)
        if case .image(let path) = background { paths.append(path) }
        return paths
    }

    /// The output image's size in pixels: the board times the scale, rounded.
    public var pixelSize: (width: Int, height: Int) {
        (Int((Double(board.width) * scale).rounded()), Int((Double(board.height) * scale).rounded()))
    }

    /// The cards placed as the seed places them, in drawing order (bottom first).
    public var cards: [BoardCard] {
        let card = cardSize
        let count = photos.count
        let order = BoardLayout.drawingOrder(ids: photos.map(\.id), stacking: stacking)
        return order.map { index in
            let photo = photos[index]
            let home = BoardLayout.center(index: index, count: count, card: card, board: board)
            let saved = offsets[photo.id] ?? .zero
            let center = BoardLayout.clamped(
                CGPoint(x: home.x + saved.width, y: home.y + saved.height), card: card, board: board
            )
            return BoardCard(
                id: photo.id, index: index, center: center, angle: BoardLayout.angle(index: index),
                depth: BoardLayout.depth(index: index, id: photo.id, stacking: stacking, count: count), photo: photo
            )
        }
    }
}
