import Foundation
import Vips

/// Decoding a card's photo: shrink-on-load straight to the square the card shows, centre-cropped.
package enum CardPhoto {
    /// The photo at `path` as an opaque sRGB square of `side` pixels, decoded into memory.
    ///
    /// The EXIF orientation is applied and the photo fills the square, cropped in its centre,
    /// as SwiftUI's `scaledToFill()` inside a clipped square does.
    /// The header is checked against `limits.maxPixels` before any pixel is decoded.
    /// A JPEG's centre square is decoded alone by the region decoder (`regionSquare`); what it
    /// cannot serve goes through libvips' `thumbnail`, as before.
    package static func square(_ path: String, side: Int, limits: Limits = Limits()) throws(RenderError) -> VImage {
        let file = try InputFile(path, failOn: limits.failOn, maxPixels: limits.maxPixels)
        if let square = regionSquare(file, side: side) { return square }
        do {
            return try RenderError.catching(path) { () throws(VipsError) in
                let thumbnail = try DisplayColour.thumbnail(
                    path, width: side, height: side, crop: "centre", failOn: limits.failOn, header: file.header)
                return try opaqueSRGB(thumbnail).inMemory()
            }
        } catch {
            throw RenderError(path, loaderReason(error.reason))
        }
    }

    /// The centre square of a JPEG decoded alone by the region decoder, at the DCT scale libvips'
    /// `thumbnail` would shrink on load by; nil when the region decoder cannot serve the file.
    ///
    /// The square and a margin wider than the resampler's reach are decoded and placed back
    /// where they are in the (virtual, black elsewhere) whole image, which `thumbnail_image`
    /// then fits and crops as `thumbnail` does the file: it only reads the pixels the centre
    /// needs, so the square is `thumbnail`'s to the bit. Only photos stored upright or mirrored
    /// left to right take it (the region streams top to bottom; a turn reads out of order), and
    /// a file that does not end whole is left to libvips, whose `fail_on` policy refuses it.
    static func regionSquare(_ file: InputFile, side: Int) -> VImage? {
        guard side > 0, file.regionDecodable, file.orientation == .up || file.orientation == .upMirrored,
            file.header.interpretation == "srgb" || file.header.interpretation == "b-w",
            RegionCrops.endsWhole(file.path)
        else { return nil }
        let (width, height) = file.storedSize
        let shrink = loadShrink(Double(min(width, height)) / Double(side))
        do {
            let header =
                shrink == 1
                ? file.header
                : try VImage.load(
                    file.path, access: "sequential", failOn: file.failOn, options: [("shrink", .int(shrink))])
            let (w, h) = (header.width, header.height)
            let square = min(w, h)
            let margin = 4 * square / side + 20
            let left = max(0, (w - square) / 2 - margin), right = min(w, (w + square) / 2 + margin + 1)
            let top = max(0, (h - square) / 2 - margin), bottom = min(h, (h + square) / 2 + margin + 1)
            guard
                let region = JPEGRegion.load(
                    file.path, header: header, left: left, top: top, width: right - left, height: bottom - top,
                    shrink: shrink)
            else { return nil }
            let whole = try region.embedded(x: left, y: top, width: w, height: h)
            let fitted = try DisplayColour.sRGB(whole.thumbnailImage(width: side, height: side, crop: "centre"))
            return try opaqueSRGB(fitted).inMemory()
        } catch {
            return nil
        }
    }

    /// The shrink-on-load libvips' `thumbnail` picks for a reduction by `factor`: 8, 4 or 2 while
    /// at least a factor of two is left for the final resample, else 1.
    static func loadShrink(_ factor: Double) -> Int {
        if factor >= 16 { return 8 }
        if factor >= 8 { return 4 }
        if factor >= 4 { return 2 }
        return 1
    }

    /// A decode failure's reason without the `thumbnail: ` operation name in front, so a damaged
    /// photo reads as it does in `crop` and `view` (`VipsJpeg: Premature end of input file`).
    static func loaderReason(_ reason: String) -> String {
        reason.hasPrefix("thumbnail: ") ? String(reason.dropFirst("thumbnail: ".count)) : reason
    }

    /// How strictly photos are read.
    package struct Limits: Sendable, Equatable, Codable {
        /// libvips' `fail_on`: none, truncated (the default), error or warning.
        package var failOn: String
        /// The most pixels a photo's header may declare (0: no limit).
        package var maxPixels: Int

        /// Makes limits; the defaults are the same as `crop`'s and `view`'s.
        package init(failOn: String = "truncated", maxPixels: Int = SourceImage.defaultMaxPixels) {
            self.failOn = failOn
            self.maxPixels = maxPixels
        }
    }

    /// Three 8-bit sRGB bands: converted through the photo's profile (`DisplayColour`), alpha flattened onto white.
    package static func opaqueSRGB(_ image: VImage) throws(VipsError) -> VImage {
        var result = try DisplayColour.sRGB(image)
        if result.hasAlpha {
            result = try result.flattened(background: [255, 255, 255])
        }
        if result.format != "uchar" {
            result = try result.cast("uchar")
        }
        if result.bands > 3 {
            result = try result.band(0, count: 3)
        }
        return try result.interpreted("srgb")
    }
}
