import Foundation
import LightboxGeometry

/// A card's geometry in output pixels at one scale, from `BoardLayout` and `CardStyle` in points.
///
/// The card is drawn straight on a canvas with a margin around it for the shadow, then the
/// whole canvas is turned. Lengths that must land on whole pixels (the photo square and its
/// place) are rounded; the card outline keeps fractional sizes, which librsvg antialiases.
public struct CardMetrics: Sendable, Equatable {
    /// Output pixels per point.
    public let scale: Double
    /// The card's size in points, as `BoardLayout.cardSize(width:)` gives it.
    public let card: CGSize

    /// Makes the metrics of a card `width` points wide at `scale` pixels per point.
    public init(cardWidth: CGFloat, scale: Double) {
        self.scale = scale
        self.card = BoardLayout.cardSize(width: cardWidth)
    }

    /// The card's width in pixels (fractional).
    public var cardWidth: Double { Double(card.width) * scale }

    /// The card's height in pixels (fractional).
    public var cardHeight: Double { Double(card.height) * scale }

    /// The room around the card for its shadow: three blur sigmas plus the drop, in whole pixels.
    public var margin: Int {
        Int((Double(3 * CardStyle.shadowRadius / 2 + CardStyle.shadowOffsetY) * scale).rounded(.up)) + 2
    }

    /// The straight canvas: the card and its margin on every side.
    public var canvasWidth: Int { Int(cardWidth.rounded(.up)) + 2 * margin }

    /// The straight canvas height.
    public var canvasHeight: Int { Int(cardHeight.rounded(.up)) + 2 * margin }

    /// Where the photo square starts on the canvas, in whole pixels.
    public var photoOrigin: Int { margin + Int((Double(CardStyle.padding) * scale).rounded()) }

    /// The photo square's side in whole pixels: the card width less the padding on both sides.
    public var photoSide: Int {
        max(Int((Double(card.width - 2 * CardStyle.padding) * scale).rounded()), 1)
    }

    /// The caption line's box on the canvas: under the photo and its gap, above the bottom padding.
    ///
    /// The caption is centred in this box; it is as wide as the photo.
    public var captionBox: (x: Int, y: Double, width: Int, height: Double) {
        let top = Double(photoOrigin + photoSide) + Double(CardStyle.captionGap) * scale
        let bottom = Double(margin) + cardHeight - Double(CardStyle.padding) * scale
        return (photoOrigin, top, photoSide, max(bottom - top, 0))
    }

    /// The shadow's blur as a Gaussian sigma in pixels: SwiftUI's radius is about two sigmas.
    public var shadowSigma: Double { Double(CardStyle.shadowRadius) / 2 * scale }
}
