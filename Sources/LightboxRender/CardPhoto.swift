import Foundation
import Vips

/// Decoding a card's photo: shrink-on-load straight to the square the card shows, centre-cropped.
public enum CardPhoto {
    /// The photo at `path` as an opaque sRGB square of `side` pixels, decoded into memory.
    ///
    /// The EXIF orientation is applied and the photo fills the square, cropped in its centre,
    /// as SwiftUI's `scaledToFill()` inside a clipped square does.
    public static func square(_ path: String, side: Int) throws(RenderError) -> VImage {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw RenderError(path, FileManager.default.fileExists(atPath: path) ? "cannot read the file" : "no such file")
        }
        return try BoardBackground.vips(path) { () throws(VipsError) in
            let thumbnail = try VImage.thumbnail(path, width: side, height: side, crop: "centre", failOn: "error")
            return try opaqueSRGB(thumbnail).inMemory()
        }
    }

    /// Three 8-bit sRGB bands: converted from grey, CMYK or 16 bits, and alpha flattened onto white.
    public static func opaqueSRGB(_ image: VImage) throws(VipsError) -> VImage {
        var result = image.interpretation == "srgb" ? image : try image.colourspace("srgb")
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
