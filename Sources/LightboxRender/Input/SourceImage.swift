import Foundation
import LightboxGeometry
import Vips

/// An input image opened lazily (header only), with its EXIF orientation and displayed size.
package struct SourceImage: Sendable {
    /// The path as given, for messages.
    package let path: String
    /// The stored (unrotated) image.
    package let stored: VImage
    /// The orientation the viewer applies.
    package let orientation: ExifOrientation
    /// Whether pixels may be read in any order (several crops) or only top to bottom.
    package let isRandomAccess: Bool
    /// The loader libvips picks for the file, by type name, such as `VipsForeignLoadJpegFile`.
    package let loader: String
    /// Whether the JPEG region decoder may serve this source's rects (`InputFile.regionDecodable`).
    package let regionDecodable: Bool
    /// Whether the HEIF tile path may serve this source's rects (`InputFile.tileDecodable`).
    package let tileDecodable: Bool
    /// The shrink-on-load `stored` was opened with (1, or 2, 4, 8 for a JPEG's DCT scaling).
    package var loadShrink = 1

    /// Opens `path` (`InputFile`); pass `crops` greater than 1 to decode once for many crops.
    ///
    /// One crop streams the file sequentially, keeping memory low on huge images; several crops
    /// use random access so the image is decoded once and every crop reads from it.
    /// `maxPixels` refuses an image whose header declares more pixels (a decompression bomb)
    /// before any pixel is decoded; 0 means no limit.
    package init(
        path: String, crops: Int = 1, failOn: FailOn = .standard, maxPixels: Int = SourceImage.defaultMaxPixels
    ) throws(RenderError) {
        let access: LoadAccess = crops > 1 ? .random : .sequential
        let file = try InputFile(path, access: access, failOn: failOn, maxPixels: maxPixels)
        self.path = path
        stored = file.header
        orientation = file.orientation
        isRandomAccess = crops > 1
        loader = file.loader
        regionDecodable = file.regionDecodable
        tileDecodable = file.tileDecodable
    }

    /// The pixels a normalized rect covers on the displayed image, by the rounding rule.
    package func pixels(of rect: CGRect) -> PixelRect {
        let size = displayedSize
        return CropRect.pixels(of: rect, width: size.width, height: size.height)
    }

    /// The default `--max-pixels` (`InputFile.defaultMaxPixels`).
    package static let defaultMaxPixels = InputFile.defaultMaxPixels

    /// The size the viewer shows, after the orientation.
    package var displayedSize: (width: Int, height: Int) {
        orientation.displayedSize(width: stored.width, height: stored.height)
    }

    /// The upright pixels of `rect`, given on the displayed image.
    ///
    /// The crop happens on the stored pixels first, so only the area needed is turned; a
    /// sequential source is copied to memory before turning, since a turn reads out of order.
    package func upright(_ rect: PixelRect) throws(RenderError) -> VImage {
        let area = storedArea(of: rect)
        return try RenderError.catching(path) { () throws(VipsError) in
            let image = try stored.crop(left: area.left, top: area.top, width: area.width, height: area.height)
            return try turnedUpright(image, sequential: !isRandomAccess)
        }
    }

    /// The stored pixels under `rect`, given on the displayed image.
    package func storedArea(of rect: PixelRect) -> PixelRect {
        orientation.storedRect(of: rect, width: stored.width, height: stored.height)
    }

    /// Stored pixels turned and mirrored upright, without the orientation tag; a `sequential`
    /// image is copied to memory before a turn, which reads out of order.
    package func turnedUpright(_ image: VImage, sequential: Bool) throws(VipsError) -> VImage {
        let steps = orientation.uprightSteps
        var image = image
        if steps.clockwise != 0 || steps.mirror {
            if sequential && (steps.clockwise != 0) { image = try image.inMemory() }
            if steps.clockwise != 0 { image = try image.rotated("d\(steps.clockwise)") }
            if steps.mirror { image = try image.flipped("horizontal") }
        }
        return try image.removingFields { $0 == "orientation" }
    }
}
