/// What served an output's pixels, named in its record's `decoder` by the raw value.
package enum PixelDecoder: String, Sendable, Codable {
    /// The JPEG region decoder: only the rows and columns the output shows (`JPEGRegion`).
    case region
    /// A HEIF grid's tiles under the output (`HEIFTiles`).
    case heifTiles = "heif-tiles"
    /// libvips' own loader, the whole image.
    case libvips
    /// A JPEG cut without decoding (`JPEGCut`).
    case lossless
}
