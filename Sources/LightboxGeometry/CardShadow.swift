import Foundation

/// The black shadow a board card casts: its opacity, blur radius and downward drop, in points.
public struct CardShadow: Sendable, Equatable {
    /// The opacity of the black, from 0 to 1.
    public let opacity: Double
    /// SwiftUI's shadow radius (about two Gaussian sigmas).
    public let radius: CGFloat
    /// How far the shadow falls straight down.
    public let offsetY: CGFloat

    /// Makes a shadow.
    public init(opacity: Double, radius: CGFloat, offsetY: CGFloat) {
        self.opacity = opacity
        self.radius = radius
        self.offsetY = offsetY
    }

    /// The shadow of a card lying on the board: 25% black, radius 6, 3 points down.
    public static let resting = CardShadow(
        opacity: CardStyle.shadowOpacity, radius: CardStyle.shadowRadius, offsetY: CardStyle.shadowOffsetY
    )

    /// The shadow of a card lifted by a drag: 40% black, radius 16, 10 points down.
    public static let lifted = CardShadow(opacity: 0.4, radius: 16, offsetY: 10)
}
