import Foundation

/// One input cropped into several outputs, each from a normalized rect of the upright photo.
public struct CropRequest: Sendable, Equatable {
    /// One crop: a rect from 0 to 1 on the photo as displayed (after its EXIF orientation) and its output path.
    public struct Crop: Sendable, Equatable {
        /// The rect, normalized: (0, 0, 1, 1) is the whole photo; a rect partly outside is clipped to it.
        public var rect: CGRect
        /// The output path; its extension chooses the format (jpg, png, webp, tif, gif, avif, heic).
        public var output: String

        /// Makes a crop.
        public init(rect: CGRect, output: String) {
            self.rect = rect
            self.output = output
        }
    }

    /// The input image's path.
    public var input: String
    /// The crops, written in this order.
    public var crops: [Crop]

    /// Makes a request.
    public init(input: String, crops: [Crop]) {
        self.input = input
        self.crops = crops
    }
}
