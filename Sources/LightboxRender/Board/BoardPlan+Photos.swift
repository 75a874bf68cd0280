import Foundation
import LightboxGeometry

/// The photos a board's cards ask for, so that another process can decode them first.
extension BoardPlan {
    /// One card's photo as the renderer asks for it: its path and the side of its square in pixels.
    package struct PhotoRequest: Sendable, Hashable, Codable {
        /// The photo's path.
        package let path: String
        /// The side of the square it is decoded to.
        package let side: Int

        /// Makes a request.
        package init(path: String, side: Int) {
            self.path = path
            self.side = side
        }
    }

    /// The photo of every card in drawing order, at the side `BoardRenderer` decodes it to: a
    /// lifted card's at the lifted pose's scale, every other card's at the resting pose's.
    package var photoRequests: [PhotoRequest] {
        let resting = CardPose(index: 0, dragged: false, reduceMotion: false)
        return cards.map { card in
            let pose = card.pose.lifted ? card.pose : resting
            let metrics = CardMetrics(cardWidth: cardWidth, scale: scale * Double(pose.scale), shadow: pose.shadow)
            return PhotoRequest(path: card.photo.path, side: metrics.photoSide)
        }
    }
}
