import Vips

/// The one colour step of everything Lightbox draws: a photo's pixels as iOS shows them, in sRGB.
///
/// iOS colour-manages every photo with its embedded profile, so a photo with a profile (CMYK,
/// Display P3, Adobe RGB, grey, 16-bit) goes through `icc_transform` from that profile to sRGB;
/// libvips' built-in profile stands in only where the file has none.
package enum DisplayColour {
    /// `image` in sRGB at `depth` bits (8 or 16), alpha kept; already-sRGB images without a profile pass through.
    package static func sRGB(_ image: VImage, depth: Int = 8) throws(VipsError) -> VImage {
        let profiled = image.hasField("icc-profile-data")
        let cmyk = image.interpretation == "cmyk"
        guard profiled || cmyk || !isPlainSRGB(image, depth: depth) else { return image }
        if profiled || cmyk, let converted = try? transformed(image, depth: depth) {
            return try converted.interpreted(depth == 16 ? "rgb16" : "srgb")
        }
        let target = depth == 16 ? "rgb16" : "srgb"
        let converted = image.interpretation == target ? image : try image.colourspace(target)
        let format = depth == 16 ? "ushort" : "uchar"
        return converted.format == format ? converted : try converted.cast(format)
    }

    /// The file at `path` fitted to `width` by `height` as libvips' `thumbnail` does, in sRGB through its profile.
    ///
    /// `thumbnail` converts CMYK its own way, unlike `icc_transform`; a CMYK file is therefore
    /// decoded, converted and then resampled.
    /// `header` is the file's header when the caller has read it already (with the same `failOn`).
    package static func thumbnail(
        _ path: String, width: Int, height: Int, size: String = "both", crop: String = "none", failOn: FailOn?,
        header: VImage? = nil
    ) throws(VipsError) -> VImage {
        let loaded: VImage
        if let header { loaded = header } else { loaded = try VImage.load(path, failOn: failOn) }
        guard loaded.interpretation == "cmyk" else {
            return try sRGB(
                VImage.thumbnail(path, width: width, height: height, size: size, crop: crop, failOn: failOn))
        }
        return try sRGB(loaded.autorotated()).thumbnailImage(width: width, height: height, size: size, crop: crop)
    }

    /// Whether a format can hold CMYK pixels as they are (JPEG and TIFF); others get sRGB.
    package static func holdsCMYK(_ format: OutputFormat) -> Bool {
        format == .jpeg || format == .tiff
    }

    /// The image as `format` can store it: CMYK converted for formats without CMYK, at the input's depth.
    static func saveable(_ image: VImage, as format: OutputFormat) throws(VipsError) -> VImage {
        guard image.interpretation == "cmyk", !holdsCMYK(format) else { return image }
        let deep = image.format == "ushort" && format != .jpeg && format != .webp && format != .gif
        return try sRGB(image, depth: deep ? 16 : 8)
    }

    /// Through the embedded profile (or the built-in one for its colour space) to sRGB.
    private static func transformed(_ image: VImage, depth: Int) throws(VipsError) -> VImage {
        let fallback = image.interpretation == "cmyk" ? "cmyk" : "srgb"
        return try image.iccTransformed(to: "srgb", inputProfile: fallback, depth: depth)
    }

    /// Whether `image` is already sRGB (or rgb16) at `depth` bits, with nothing to convert.
    private static func isPlainSRGB(_ image: VImage, depth: Int) -> Bool {
        depth == 16
            ? image.interpretation == "rgb16" && image.format == "ushort"
            : image.interpretation == "srgb" && image.format == "uchar"
    }
}
