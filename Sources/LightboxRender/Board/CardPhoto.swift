import Foundation
import LightboxGeometry
import Vips

/// Decoding a card's photo: shrink-on-load straight to the square the card shows, centre-cropped.
package enum CardPhoto {
    /// The photo at `path` as an opaque sRGB square of `side` pixels, decoded into memory.
    ///
    /// The EXIF orientation is applied and the photo fills the square, cropped in its centre,
    /// as SwiftUI's `scaledToFill()` inside a clipped square does.
    /// The header is checked against `limits.maxPixels` before any pixel is decoded.
    /// A JPEG's centre square is decoded alone by the region decoder (`regionSquare`), a HEIF
    /// grid's by the tile path (`tileSquare`); what neither serves goes through libvips'
    /// `thumbnail`, as before.
    package static func square(_ path: String, side: Int, limits: Limits = Limits()) throws(RenderError) -> VImage {
        let file = try InputFile(path, failOn: limits.failOn, maxPixels: limits.maxPixels)
        if let square = regionSquare(file, side: side) ?? tileSquare(file, side: side) { return square }
        do {
            return try RenderError.catching(path) { () throws(VipsError) in
                let thumbnail = try DisplayColour.thumbnail(
                    path, width: side, height: side, crop: "centre", failOn: limits.failOn, header: file.header)
                return try opaqueSRGB(thumbnail).inMemory()
            }
        } catch {
            throw RenderError(path, loaderReason(error.reason), warnings: error.warnings)
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
                    file.path, access: .sequential, failOn: file.failOn, options: [("shrink", .int(shrink))])
            let area = centreArea(width: header.width, height: header.height, side: side)
            guard
                let region = JPEGRegion.load(
                    file.path, header: header, left: area.left, top: area.top, width: area.width,
                    height: area.height, shrink: shrink)
            else { return nil }
            return try fitted(region, area: area, size: (header.width, header.height), side: side)
        } catch {
            return nil
        }
    }

    /// The centre square of a HEIF grid decoded by the tile path (`HEIFTiles`): only the tiles
    /// under the square and its margin, then fitted as `regionSquare` fits a JPEG's (libvips'
    /// `thumbnail` has no shrink-on-load for HEIF, so it resamples the full-size photo the same
    /// way). nil when the tile path cannot serve the file, the square needs more than
    /// `largestTileShare` of the tiles, or `thumbnail` would take the file's embedded thumbnail
    /// (one over `side` on its short side that decodes: `thumbnailServes`).
    static func tileSquare(_ file: InputFile, side: Int) -> VImage? {
        guard side > 0, file.tileDecodable, let tiles = HEIFTiles.open(file.path, header: file.header).tiles else {
            return nil
        }
        let size = file.storedSize
        let area = centreArea(width: size.width, height: size.height, side: side)
        guard let span = tiles.span(of: area),
            Double(span.tileCount) <= largestTileShare * Double(tiles.tileCount), !thumbnailServes(file, side: side)
        else { return nil }
        do {
            let piece = try tiles.piece(area, of: tiles.block(span), span: span)
            return try opaqueSRGB(DisplayColour.sRGB(centreFitted(piece, area: area, size: size, side: side)))
                .inMemory()
        } catch {
            return nil
        }
    }

    /// `thumbnail_image`'s square crop of the (virtual, black outside `area`) image of `size`
    /// whose pixels in `area` are `piece`: libvips 8.14's `vips_thumbnail_build` with crop centre
    /// and nothing to import, premultiply, turn or convert resizes by the short side over `side`
    /// both ways and takes the centre `side` x `side` (`smartcrop` centre). The same operations,
    /// without its copy of the whole resized image to memory, so only what the square needs is
    /// computed. `resize` reduces vertically (`reducev`), then horizontally (`reduceh`); the
    /// vertical pass treats each column alone, so when `piece` has every row it is reduced
    /// alone and placed in black afterwards, and only the short horizontal pass runs over the
    /// whole width (black reduces to black).
    static func centreFitted(
        _ piece: VImage, area: PixelRect, size: (width: Int, height: Int), side: Int
    )
        throws(VipsError) -> VImage
    {
        let short = Double(min(size.width, size.height))
        let scale = 1 / min(short / Double(side), short)
        let resized: VImage
        if scale < 1, area.top == 0, area.height == size.height {
            let vertical = try piece.reduced(1 / scale, vertical: true)
            let wide = try vertical.embedded(x: area.left, y: 0, width: size.width, height: vertical.height)
            resized = try wide.reduced(1 / scale, vertical: false)
        } else {
            let whole = try piece.embedded(x: area.left, y: area.top, width: size.width, height: size.height)
            resized = try whole.resized(scale, vscale: scale)
        }
        let width = min(side, resized.width), height = min(side, resized.height)
        return try resized.crop(
            left: (resized.width - width) / 2, top: (resized.height - height) / 2, width: width, height: height)
    }

    /// Above this share of a grid's tiles a card's square is left to libvips' `thumbnail`: the
    /// tiles decode into memory and the whole width is still resized, which costs about what
    /// the skipped tiles save when three quarters are needed (docs/benchmarks.md: a 16:9 iPhone
    /// photo's card, 30 of 40 tiles, took 6% more CPU; a panorama's, 20 of 64, 39% less).
    static let largestTileShare = 0.6

    /// Whether `thumbnail` (`VImage.thumbnail`, as libvips' own) would shrink the HEIF file's
    /// embedded thumbnail to `side` rather than decode the photo: it does when the thumbnail's
    /// short side is over `side` (`HEIFThumbnail.servesThumbnail`) and the thumbnail decodes.
    static func thumbnailServes(_ file: InputFile, side: Int) -> Bool {
        guard
            let thumbnail = HEIFThumbnail(
                file.path, failOn: file.failOn, mainWidth: file.storedSize.width, loader: file.loader),
            thumbnail.servesThumbnail(width: side, height: side, size: "both", crop: "centre", swap: false)
        else { return false }
        return thumbnail.decoded() != nil
    }

    /// The centre square of a `width` x `height` image and a margin wider than the resampler's
    /// reach (clipped to the image), which is all `thumbnail_image` reads to make the square.
    static func centreArea(width: Int, height: Int, side: Int) -> PixelRect {
        let square = min(width, height)
        let margin = 4 * square / side + 20
        let left = max(0, (width - square) / 2 - margin), right = min(width, (width + square) / 2 + margin + 1)
        let top = max(0, (height - square) / 2 - margin), bottom = min(height, (height + square) / 2 + margin + 1)
        return PixelRect(left: left, top: top, width: right - left, height: bottom - top)
    }

    /// The pixels of `area` placed back where they are in the (virtual, black elsewhere) whole
    /// image of `size`, fitted and centre-cropped to `side` as `thumbnail` fits the file.
    static func fitted(_ pixels: VImage, area: PixelRect, size: (Int, Int), side: Int) throws(VipsError) -> VImage {
        let whole = try pixels.embedded(x: area.left, y: area.top, width: size.0, height: size.1)
        let fitted = try DisplayColour.sRGB(whole.thumbnailImage(width: side, height: side, crop: "centre"))
        return try opaqueSRGB(fitted).inMemory()
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
    /// photo reads as it does in `crop` and `view` (`truncated JPEG: the data ends before the last row`).
    static func loaderReason(_ reason: String) -> String {
        reason.hasPrefix("thumbnail: ") ? String(reason.dropFirst("thumbnail: ".count)) : reason
    }

    /// How strictly photos are read.
    package struct Limits: Sendable, Equatable, Codable {
        /// libvips' `fail_on`: none, truncated (the default), error or warning.
        package var failOn: FailOn
        /// The most pixels a photo's header may declare (0: no limit).
        package var maxPixels: Int

        /// Makes limits; the defaults are the same as `crop`'s and `view`'s.
        package init(failOn: FailOn = .standard, maxPixels: Int = SourceImage.defaultMaxPixels) {
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
