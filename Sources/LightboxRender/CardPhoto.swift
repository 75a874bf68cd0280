import Foundation
import Vips

/// Decoding a card's photo: shrink-on-load straight to the square the card shows, centre-cropped.
public enum CardPhoto {
    /// The photo at `path` as an opaque sRGB square of `side` pixels, decoded into memory.
    ///
    /// The EXIF orientation is applied and the photo fills the square, cropped in its centre,
    /// as SwiftUI's `scaledToFill()` inside a clipped square does.
    /// The header is checked against `limits.maxPixels` before any pixel is decoded.
    public static func square(_ path: String, side: Int, limits: Limits = Limits()) throws(RenderError) -> VImage {
        let file = try InputFile(path, failOn: limits.failOn, maxPixels: limits.maxPixels)
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

    /// A decode failure's reason without the `thumbnail: ` operation name in front, so a damaged
    /// photo reads as it does in `crop` and `view` (`VipsJpeg: Premature end of input file`).
    static func loaderReason(_ reason: String) -> String {
        reason.hasPrefix("thumbnail: ") ? String(reason.dropFirst("thumbnail: ".count)) : reason
    }

    /// How strictly photos are read.
    public struct Limits: Sendable, Equatable {
        /// libvips' `fail_on`: none, truncated (the default), error or warning.
        public var failOn: String
        /// The most pixels a photo's header may declare (0: no limit).
        public var maxPixels: Int

        /// Makes limits; the defaults are the same as `crop`'s and `view`'s.
        public init(failOn: String = "truncated", maxPixels: Int = SourceImage.defaultMaxPixels) {
            self.failOn = failOn
            self.maxPixels = maxPixels
        }
    }

    /// Three 8-bit sRGB bands: converted through the photo's profile (`DisplayColour`), alpha flattened onto white.
    public static func opaqueSRGB(_ image: VImage) throws(VipsError) -> VImage {
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
