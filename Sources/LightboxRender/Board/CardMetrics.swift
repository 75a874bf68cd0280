import Foundation
import LightboxGeometry

/// A card's geometry in output pixels at one scale, from `CardPose` and `CardStyle` in points.
///
/// The card is drawn straight on a canvas with a margin around it for the shadow, then the
/// whole canvas is turned. Lengths that must land on whole pixels (the photo square and its
/// place) are rounded; the card outline keeps fractional sizes, which librsvg antialiases.
package struct CardMetrics: Sendable, Equatable {
    /// Output pixels per point.
    package let scale: Double
    /// The card's drawn size in points, as `CardPose.drawnSize(width:)` gives it.
    package let card: CGSize
    /// The shadow the card casts, in points.
    package let shadow: CardShadow

    /// Makes the metrics of a card `width` points wide at `scale` pixels per point.
    ///
    /// A lifted card is the same card at its scale times 1.06, with the lifted shadow.
    package init(cardWidth: CGFloat, scale: Double, shadow: CardShadow = .resting) {
        self.scale = scale
        self.card = CardPose.drawnSize(width: cardWidth)
        self.shadow = shadow
    }

    /// The card's width in pixels (fractional).
    package var cardWidth: Double { Double(card.width) * scale }

    /// The card's height in pixels (fractional).
    package var cardHeight: Double { Double(card.height) * scale }

    /// The room around the card for its shadow: three blur sigmas plus the drop, in whole pixels.
    package var margin: Int {
        Int((Double(3 * shadow.radius / 2 + shadow.offsetY) * scale).rounded(.up)) + 2
    }

    /// The straight canvas: the card and its margin on every side.
    package var canvasWidth: Int { Int(cardWidth.rounded(.up)) + 2 * margin }

    /// The straight canvas height.
    package var canvasHeight: Int { Int(cardHeight.rounded(.up)) + 2 * margin }

    /// Where the photo square starts on the canvas, in whole pixels.
    package var photoOrigin: Int { margin + Int((Double(CardStyle.padding) * scale).rounded()) }

    /// The photo square's side in whole pixels: the card width less the padding on both sides.
    package var photoSide: Int {
        max(Int((Double(card.width - 2 * CardStyle.padding) * scale).rounded()), 1)
    }

    /// The caption's line box on the canvas: directly under the photo and its gap, one line tall.
    ///
    /// The caption's own line is centred in this box; it is as wide as the photo.
    package var captionBox: (x: Int, y: Double, width: Int, height: Double) {
        let top = Double(photoOrigin + photoSide) + Double(CardStyle.captionGap) * scale
        return (photoOrigin, top, photoSide, Double(CardStyle.captionLineHeight) * scale)
    }

    /// The shadow's blur as a Gaussian sigma in pixels: SwiftUI's radius is about two sigmas.
    package var shadowSigma: Double { Double(shadow.radius) / 2 * scale }
}
