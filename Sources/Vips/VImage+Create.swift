import CVips

/// Typed wrappers that make new images: constants, text, SVG and thumbnails.
extension VImage {
    /// A `width` by `height` sRGB image filled with `color` (one value per band, 0 to 255).
    package static func filled(width: Int, height: Int, color: [Double]) throws(VipsError) -> VImage {
        let black = try VOperation.call("black", [("width", .int(width)), ("height", .int(height))]).image()
        let ones = [Double](repeating: 0, count: color.count)
        let painted = try VOperation.call(
            "linear", [("in", .image(black)), ("a", .doubles(ones)), ("b", .doubles(color)), ("uchar", .bool(true))]
        ).image()
        return try painted.interpreted(color.count >= 3 ? "srgb" : "b-w")
    }

    /// An SVG document rendered at its own size (`scale` multiplies it).
    package static func svg(_ document: String, scale: Double = 1) throws(VipsError) -> VImage {
        try VOperation.call("svgload_buffer", [("buffer", .blob(Array(document.utf8))), ("scale", .double(scale))])
            .image()
    }

    /// Pango markup rendered as a one-band mask (0 to 255), fitted into `width` when given; with
    /// `rgba`, as sRGB with alpha instead, through cairo, so colour fonts (emoji) keep their colours.
    ///
    /// `dpi` 72 makes the font's point size equal to pixels. In `rgba` the letters take the
    /// markup's `foreground` (black by default); the alpha is not premultiplied.
    package static func text(
        _ markup: String, font: String, width: Int? = nil, dpi: Int = 72, align: String = "low", rgba: Bool = false
    ) throws(VipsError) -> VImage {
        var arguments: [(String, VValue)] = [
            ("text", .string(markup)), ("font", .string(font)), ("dpi", .int(dpi)), ("align", .nick(align)),
        ]
        if let width { arguments.append(("width", .int(width))) }
        if rgba { arguments.append(("rgba", .bool(true))) }
        return try VOperation.call("text", arguments).image()
    }

    /// The file at `path` decoded straight to fit `width` by `height` (shrink-on-load where the format allows).
    ///
    /// `size` is "both", "up", "down" or "force"; `crop` is "none", "centre", "attention" and so on.
    /// The EXIF orientation is applied unless `noRotate`. `thumbnail` picks its loader itself, so
    /// `Vips.loader(for:)` is asked first, which loads libvips' modules when the file may need one.
    /// A HEIF file is fitted as `thumbnail` fits it, from its embedded thumbnail when that serves
    /// (`HEIFThumbnail`), but from the main image when the thumbnail does not decode. Colour that
    /// its loader labels grey (`isGreyLabelledColour`) is fitted from the image labelled by its bands.
    package static func thumbnail(
        _ path: String, width: Int, height: Int, size: String = "both", crop: String = "none",
        noRotate: Bool = false, failOn: FailOn? = nil
    ) throws(VipsError) -> VImage {
        let loader = try? Vips.loader(for: path)
        if let loader, loader.hasPrefix("VipsForeignLoadHeif") {
            return try heifThumbnail(
                path, loader: loader, width: width, height: height, size: size, crop: crop, noRotate: noRotate,
                failOn: failOn)
        }
        if mayMislabel(loader) {
            let opened = try loadAsLabelled(path, access: .random, failOn: failOn, loader: loader)
            if opened.isGreyLabelledColour {
                return try opened.labelledByBands()
                    .thumbnailImage(width: width, height: height, size: size, crop: crop, noRotate: noRotate)
            }
        }
        var arguments: [(String, VValue)] = [
            ("filename", .string(try PinnedFiles.opening(path))), ("width", .int(width)), ("height", .int(height)),
            ("size", .nick(size)), ("crop", .nick(crop)), ("no-rotate", .bool(noRotate)),
        ]
        if let failOn { arguments.append(("fail-on", .nick(failOn.rawValue))) }
        return try VOperation.call("thumbnail", arguments).image()
    }

    /// The file at `path` fitted as `thumbnail` fits it when it has no embedded thumbnail (HEIF
    /// has no other shrink-on-load): the main image read top to bottom with `failOn` (libvips'
    /// default none when nil), then `thumbnail_image` with the same options.
    package static func thumbnailOfMainImage(
        _ path: String, width: Int, height: Int, size: String = "both", crop: String = "none",
        noRotate: Bool = false, failOn: FailOn? = nil
    ) throws(VipsError) -> VImage {
        try load(path, access: .sequential, failOn: failOn ?? FailOn.none)
            .thumbnailImage(width: width, height: height, size: size, crop: crop, noRotate: noRotate)
    }

    /// libvips' `thumbnail` of a HEIF file, done as libvips 8.14 does it: `thumbnail_image` of
    /// the embedded thumbnail when it would take it, else of the main image, which is also taken
    /// when the thumbnail does not decode. The thumbnail is opened once, where libvips'
    /// `thumbnail` opens it twice, and heifload decodes a thumbnail whenever it reads its header
    /// (to check its shape): one decode fewer than libvips' own.
    private static func heifThumbnail(
        _ path: String, loader: String, width: Int, height: Int, size: String, crop: String, noRotate: Bool,
        failOn: FailOn?
    ) throws(VipsError) -> VImage {
        let main = try load(path, failOn: failOn, loader: loader)
        do {
            if let embedded = HEIFThumbnail(path, failOn: failOn, mainWidth: main.width, loader: loader),
                embedded.servesThumbnail(
                    width: width, height: height, size: size, crop: crop, swap: !noRotate && main.orientation >= 5),
                let decoded = embedded.decoded()
            {
                return try decoded.thumbnailImage(
                    width: width, height: height, size: size, crop: crop, noRotate: noRotate)
            }
            return try thumbnailOfMainImage(
                path, width: width, height: height, size: size, crop: crop, noRotate: noRotate, failOn: failOn)
        } catch {
            // A failure reads as libvips' `thumbnail` words it, as for any other format.
            let resampler = "thumbnail_image: "
            guard error.message.hasPrefix(resampler) else { throw error }
            throw VipsError("thumbnail: " + error.message.dropFirst(resampler.count), warnings: error.warnings)
        }
    }

    /// This image resampled to fit `width` by `height`, with `thumbnail`'s `size` and `crop` rules.
    package func thumbnailImage(
        width: Int, height: Int, size: String = "both", crop: String = "none", noRotate: Bool = false
    ) throws(VipsError) -> VImage {
        try VOperation.call(
            "thumbnail_image",
            [
                ("in", .image(self)), ("width", .int(width)), ("height", .int(height)),
                ("size", .nick(size)), ("crop", .nick(crop)), ("no-rotate", .bool(noRotate)),
            ]
        ).image()
    }

    /// Turned and mirrored upright by its EXIF orientation, which is then removed.
    package func autorotated() throws(VipsError) -> VImage {
        try VOperation.call("autorot", [("in", .image(self))]).image()
    }
}
