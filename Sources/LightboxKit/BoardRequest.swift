import Foundation
import LightboxGeometry

/// A board of tilted photo cards, as the app's scattered board lays it out, and where to write it.
///
/// Every length is in points; `scale` turns points into output pixels. The cards' places follow
/// from the photos' order, the saved offsets and the stacking list, exactly as the app computes them.
public struct BoardRequest: Sendable, Equatable {
    /// One photo on the board.
    public struct Photo: Sendable, Equatable {
        /// The id that `offsets` and `stacking` name; unique on a board.
        public var id: String
        /// The image file.
        public var path: String
        /// The one-line caption under the photo.
        public var caption: String

        /// Makes a photo entry.
        public init(id: String, path: String, caption: String) {
            self.id = id
            self.path = path
            self.caption = caption
        }
    }

    /// What lies under the cards.
    public enum Background: Sendable, Equatable {
        /// One flat colour.
        case colour(Colour)
        /// A vertical gradient from the top colour to the bottom colour.
        case gradient(top: Colour, bottom: Colour)
        /// An image file, scaled to cover the board and cropped in its centre.
        case image(path: String)
    }

    /// The photos in board order; a photo that cannot be read is left out and reported.
    public var photos: [Photo]
    /// The output path; its extension chooses the format.
    public var output: String
    /// The board's size in points.
    public var size: CGSize
    /// The card width in points (the layout's card is 1.2 times as tall).
    public var cardWidth: CGFloat
    /// Output pixels per point, from 0.01 to 8.
    public var scale: Double
    /// What lies under the cards; by default the app's demo gradient.
    public var background: Background
    /// Saved offsets of cards from their homes, by photo id, in points.
    public var offsets: [String: CGSize]
    /// The ids brought to the front, the most recent last.
    public var stacking: [String]

    /// Makes a request.
    public init(
        photos: [Photo], output: String, size: CGSize, cardWidth: CGFloat = BoardLayout.defaultCardWidth,
        scale: Double = 1,
        background: Background = .gradient(
            top: Colour(
                red: CardStyle.backgroundTop.red, green: CardStyle.backgroundTop.green,
                blue: CardStyle.backgroundTop.blue),
            bottom: Colour(
                red: CardStyle.backgroundBottom.red, green: CardStyle.backgroundBottom.green,
                blue: CardStyle.backgroundBottom.blue)),
        offsets: [String: CGSize] = [:], stacking: [String] = []
    ) {
        self.photos = photos
        self.output = output
        self.size = size
        self.cardWidth = cardWidth
        self.scale = scale
        self.background = background
        self.offsets = offsets
        self.stacking = stacking
    }
}
