import Foundation
import LightboxGeometry

/// Everything that decides a board image: the board, the card width, the scale, the background,
/// the photos, their saved offsets, the stacking list and a card being dragged.
///
/// This is what a layout file holds and what `--print-layout` writes back; the placed cards
/// follow from it through `BoardLayout`, exactly as the app computes them.
package struct BoardPlan: Sendable, Equatable, Codable {
    /// The board's size in points.
    package var board: CGSize
    /// The card width in points (the height is 1.2 times it).
    package var cardWidth: CGFloat
    /// Output pixels per point.
    package var scale: Double
    /// What lies under the cards.
    package var background: BoardBackground
    /// The photos in board order.
    package var photos: [BoardPhoto]
    /// Saved offsets from each card's home, by id, in points.
    package var offsets: [String: CGSize]
    /// The ids brought to the front, the most recent last.
    package var stacking: [String]
    /// The card under the finger, if one was being dragged.
    package var dragging: BoardDrag?
    /// Whether Reduce Motion was on: a dragged card then does not lift.
    package var reduceMotion: Bool

    /// Makes a plan.
    package init(
        board: CGSize, cardWidth: CGFloat = BoardLayout.defaultCardWidth, scale: Double = 1,
        background: BoardBackground = .standard, photos: [BoardPhoto],
        offsets: [String: CGSize] = [:], stacking: [String] = [], dragging: BoardDrag? = nil, reduceMotion: Bool = false
    ) {
        self.board = board
        self.cardWidth = cardWidth
        self.scale = scale
        self.background = background
        self.photos = photos
        self.offsets = offsets
        self.stacking = stacking
        self.dragging = dragging
        self.reduceMotion = reduceMotion
    }

    /// The card's size in points for the layout: the width by 1.2 times it, as the seed clamps.
    package var cardSize: CGSize { BoardLayout.cardSize(width: cardWidth) }

    /// Every file the board reads: the photos, then the background image if there is one.
    package var inputs: [String] {
        var paths = photos.map(\.path)
        if case .image(let path) = background { paths.append(path) }
        return paths
    }

    /// The card's drawn size in points: the width by its content's height.
    package var drawnSize: CGSize { CardPose.drawnSize(width: cardWidth) }

    /// The stacking list as drawn: a dragged card is brought to the front when the drag starts.
    package var shownStacking: [String] {
        guard let dragging else { return stacking }
        return BoardLayout.bringingToFront(dragging.id, in: stacking)
    }

    /// The output image's size in pixels: the board times the scale, rounded.
    package var pixelSize: (width: Int, height: Int) {
        (Int((Double(board.width) * scale).rounded()), Int((Double(board.height) * scale).rounded()))
    }

    /// The cards placed as the seed places them, in drawing order (bottom first).
    ///
    /// A dragged card sits at `clamped(home + saved offset + translation)`, on top, and is
    /// lifted unless Reduce Motion is on.
    package var cards: [BoardCard] {
        let card = cardSize
        let count = photos.count
        let stacking = shownStacking
        let order = BoardLayout.drawingOrder(ids: photos.map(\.id), stacking: stacking)
        return order.map { index in
            let photo = photos[index]
            let home = BoardLayout.center(index: index, count: count, card: card, board: board)
            let saved = offsets[photo.id] ?? .zero
            let dragged = dragging?.id == photo.id
            let live = dragged ? dragging?.translation ?? .zero : .zero
            let center = BoardLayout.clamped(
                CGPoint(x: home.x + saved.width + live.width, y: home.y + saved.height + live.height), card: card,
                board: board
            )
            return BoardCard(
                id: photo.id, index: index, center: center,
                pose: CardPose(index: index, dragged: dragged, reduceMotion: reduceMotion),
                depth: BoardLayout.depth(index: index, id: photo.id, stacking: stacking, count: count), photo: photo
            )
        }
    }
}
