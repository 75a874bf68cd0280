import Foundation

/// The layout of photo cards scattered at slight angles on a board, and their stacking order.
///
/// Points are in the board's coordinates, with the origin at its top-left corner. Cards sit on
/// a jittered grid, each tilted by a repeatable pseudo-random angle, and can be dragged
/// anywhere as long as their tilted box stays on the board.
public enum BoardLayout {
    /// The largest tilt of a card, in degrees, either way.
    package static let maximumAngle = 9.0

    /// The width of a card in points, unless told otherwise.
    public static let defaultCardWidth: CGFloat = 150

    /// A repeatable pseudo-random number from -0.5 up to 0.5 for an index and a salt.
    ///
    /// Only the remainder of the index by 10,000 counts, keeping the sign of the index.
    package static func noise(_ index: Int, salt: Double) -> Double {
        let value = sin(Double(index % 10_000) * 12.9898 + salt) * 43_758.5453
        return value - value.rounded(.down) - 0.5
    }

    /// The tilt of the card at an index, in degrees, within plus or minus the maximum angle.
    public static func angle(index: Int) -> Double {
        noise(index, salt: 7) * maximumAngle * 2
    }

    /// The size of a card: the width, at least one point, by 1.2 times the width.
    public static func cardSize(width: CGFloat) -> CGSize {
        let side = max(width, 1)
        return CGSize(width: side, height: side * 1.2)
    }

    /// A card centre kept so the card stays on the board, or the board's middle where it cannot.
    ///
    /// The card is measured as the box around it at the widest tilt, so it stays on the board
    /// whatever its angle. On an axis where that box is not shorter than the board, the centre
    /// goes to the middle of that axis.
    public static func clamped(_ point: CGPoint, card: CGSize, board: CGSize) -> CGPoint {
        let tilt = maximumAngle * .pi / 180
        let box = CGSize(
            width: card.width * cos(tilt) + card.height * sin(tilt),
            height: card.height * cos(tilt) + card.width * sin(tilt)
        )
        return CGPoint(
            x: clamp(point.x, side: box.width, length: board.width),
            y: clamp(point.y, side: box.height, length: board.height)
        )
    }

    private static func clamp(_ value: CGFloat, side: CGFloat, length: CGFloat) -> CGFloat {
        guard length > side else { return length / 2 }
        return min(max(value, side / 2), length - side / 2)
    }

    /// The offset from `home` to keep once a drag ends: where the card stopped, not how far the finger went.
    public static func settledOffset(
        home: CGPoint,
        saved: CGSize,
        translation: CGSize,
        card: CGSize,
        board: CGSize
    ) -> CGSize {
        let end = clamped(
            CGPoint(x: home.x + saved.width + translation.width, y: home.y + saved.height + translation.height),
            card: card,
            board: board
        )
        return CGSize(width: end.x - home.x, height: end.y - home.y)
    }

    /// The home centre of the card at an index: a slightly jittered grid cell, kept on the board.
    ///
    /// The grid has as many columns as the rounded-up square root of the count, and as many
    /// rows as it takes. With no cards, the centre is the middle of the board.
    public static func center(index: Int, count: Int, card: CGSize, board: CGSize) -> CGPoint {
        guard count > 0 else { return CGPoint(x: board.width / 2, y: board.height / 2) }
        let columns = max(Int(Double(min(count, 10_000)).squareRoot().rounded(.up)), 1)
        let rows = count / columns + (count.isMultiple(of: columns) ? 0 : 1)
        let cell = CGSize(width: board.width / CGFloat(columns), height: board.height / CGFloat(rows))

        let point = CGPoint(
            x: (CGFloat(index % columns) + 0.5 + noise(index, salt: 1) * 0.35) * cell.width,
            y: (CGFloat(index / columns) + 0.5 + noise(index, salt: 3) * 0.35) * cell.height
        )
        return clamped(point, card: card, board: board)
    }

    /// The stacking depth of a card: its index until it is touched, then above every untouched card.
    ///
    /// `stacking` lists the touched cards' ids, the most recently touched last, and `count`
    /// is the number of cards on the board.
    public static func depth(index: Int, id: String, stacking: [String], count: Int) -> Double {
        guard let rank = stacking.firstIndex(of: id) else { return Double(index) }
        return Double(count + rank)
    }

    /// The card indices in the order they are drawn: by depth, lowest first, and by index for equal depths.
    public static func drawingOrder(ids: [String], stacking: [String]) -> [Int] {
        let depths = ids.enumerated().map { index, id in
            depth(index: index, id: id, stacking: stacking, count: ids.count)
        }
        return ids.indices.sorted { first, second in
            depths[first] != depths[second] ? depths[first] < depths[second] : first < second
        }
    }

    /// The stacking list after a card is touched: the card moves to the end, above all others.
    public static func bringingToFront(_ id: String, in stacking: [String]) -> [String] {
        guard stacking.last != id else { return stacking }
        var result = stacking
        result.removeAll { $0 == id }
        result.append(id)
        return result
    }
}
