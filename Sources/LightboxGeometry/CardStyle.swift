import Foundation

/// The look of a photo card on the scattered board, and of the demo board behind the cards.
///
/// A card is a white rounded rectangle, `CardPose.drawnSize(width:)` in size (its content's
/// height; the layout clamps with `BoardLayout.cardSize(width:)`), holding a square
/// aspect-filled photo above a one-line caption, and casting a soft black shadow downwards. Lengths are in points and opacities from 0 to 1.
public enum CardStyle {
    /// The corner radius of the white card.
    ///
    /// The photo inside keeps square corners, clipped to its square.
    public static let cornerRadius: CGFloat = 4

    /// The white margin around the photo and the caption, on every side.
    ///
    /// The photo is a square as wide as the card less this margin on the left and the right.
    public static let padding: CGFloat = 8

    /// The vertical gap between the photo and the caption.
    public static let captionGap: CGFloat = 6

    /// The point size of the caption, which is set in a medium weight.
    public static let captionFontSize: CGFloat = 12

    /// The height of the caption's one line box: `.caption`'s 16-point leading (Apple's type table).
    ///
    /// The line box sits directly under the photo's gap; the card ends the padding below it.
    public static let captionLineHeight: CGFloat = 16

    /// The opacity of the black caption text.
    public static let captionOpacity: Double = 0.75

    /// How small the caption may shrink to fit on its one line, as a fraction of its size.
    ///
    /// A caption that is still too long at this scale is truncated.
    public static let minimumScaleFactor: CGFloat = 0.7

    /// The opacity of the black shadow under a card.
    public static let shadowOpacity: Double = 0.25

    /// The blur radius of the shadow under a card.
    ///
    /// The shadow follows the card's rounded outline and its tilt.
    public static let shadowRadius: CGFloat = 6

    /// How far the shadow falls below the card, straight down.
    public static let shadowOffsetY: CGFloat = 3

    /// The red, green and blue, from 0 to 1, at the top of the demo board's vertical gradient.
    ///
    /// The gradient runs straight down the whole board, behind every card.
    public static let backgroundTop: (red: Double, green: Double, blue: Double) = (0.72, 0.55, 0.38)

    /// The red, green and blue, from 0 to 1, at the bottom of the demo board's vertical gradient.
    public static let backgroundBottom: (red: Double, green: Double, blue: Double) = (0.55, 0.39, 0.25)
}
