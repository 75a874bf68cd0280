import LightboxGeometry
import Vips

/// A decoder that serves the crops of one input without decoding all of it: the JPEG region
/// decoder (`RegionCrops`) or the HEIF tile path (`HEIFTileCrops`). What it cannot serve, or
/// what fails while being written, the caller redoes through libvips.
protocol CropRegions: AnyObject {
    /// The decoder, `region` or `heifTiles`.
    var decoder: PixelDecoder { get }

    /// The upright pixels of `rect` (on the displayed image), or nil when this decoder cannot serve them.
    func upright(_ rect: PixelRect) -> VImage?
}

extension RegionCrops: CropRegions {
    /// The JPEG region decoder.
    var decoder: PixelDecoder { .region }
}
