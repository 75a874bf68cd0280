import Foundation

/// What drawing a board costs the process that composes it (the supervisor of `lightbox batch`),
/// so a server can refuse a board too big for it before drawing anything.
extension BoardPlan {
    /// The bytes of the board's output pixels: width times height times 3 (8-bit RGB) at its scale.
    package var outputBytes: Double {
        (Double(board.width) * scale).rounded() * (Double(board.height) * scale).rounded() * 3
    }

    /// About the most memory drawing the cards takes, in bytes: each card's canvas (the card and its
    /// shadow's margin, 4 bytes a pixel) counted twice for every photo (its square and its turned
    /// card are held until the board is composed) and 8 times for each shared card (a resting one,
    /// and a lifted one when a card is dragged), which librsvg draws with its shadow blurred.
    ///
    /// Measured in the supervisor of `lightbox batch` (Tests: `BatchLimitTests`): one 4000-point card
    /// took 556 MB over the 57 MB an empty board takes (estimated 820), 200 cards of 150 points at 2x
    /// 164 MB (estimated 220); the board's own pixels are streamed to the file, not held.
    package var drawingBytes: Double {
        let resting = CardMetrics(cardWidth: cardWidth, scale: scale)
        let canvas = Double(resting.canvasWidth) * Double(resting.canvasHeight) * 4
        let shared = dragging == nil ? 8.0 : 16.0
        return (shared + 2 * Double(photos.count)) * canvas * (dragging == nil ? 1 : 1.06 * 1.06)
    }
}
