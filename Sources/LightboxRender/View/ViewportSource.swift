import Foundation
import LightboxGeometry
import Vips

/// A viewer input opened for its header: its EXIF orientation and displayed size, before any pixels.
package struct ViewportSource: Sendable {
    /// The path as given, for messages.
    package let path: String
    /// The orientation the viewer applies.
    package let orientation: ExifOrientation
    /// The stored (unrotated) size in pixels.
    package let storedSize: (width: Int, height: Int)
    /// libvips' `fail_on` for loading.
    package let failOn: FailOn
    /// The loader libvips picks for the file, by type name, such as `VipsForeignLoadJpegFile`.
    let loader: String
    /// Whether the JPEG region decoder may serve the part on screen (`InputFile.regionDecodable`).
    let regionDecodable: Bool
    /// Whether the HEIF tile path may serve the part on screen (`InputFile.tileDecodable`).
    let tileDecodable: Bool
    /// The file's libvips header (not decoded), whose fields the tile path's pixels carry.
    let header: VImage
    /// The embedded HEIF thumbnail, opened and decoded once however often it is asked for.
    private let thumbnailMemo = ThumbnailMemo()

    /// Opens the header of `path`, refusing one that declares more than `maxPixels` (0: no limit).
    package init(
        path: String, failOn: FailOn = .standard, maxPixels: Int = SourceImage.defaultMaxPixels
    ) throws(RenderError) {
        let file = try InputFile(path, failOn: failOn, maxPixels: maxPixels)
        self.path = path
        self.failOn = failOn
        loader = file.loader
        regionDecodable = file.regionDecodable
        tileDecodable = file.tileDecodable
        header = file.header
        orientation = file.orientation
        storedSize = file.storedSize
    }

    /// The size the viewer shows, after the orientation, in pixels.
    package var displayedSize: CGSize {
        let size = orientation.displayedSize(width: storedSize.width, height: storedSize.height)
        return CGSize(width: size.width, height: size.height)
    }

    /// The largest power-of-two reduction (1, 2, 4 or 8) that still leaves at least `outputPerPixel` of the resolution.
    ///
    /// `outputPerPixel` is output pixels per displayed source pixel; the reduced image keeps at
    /// least one pixel per output pixel, so the one resampling step never enlarges detail it lacks.
    package static func shrinkFactor(outputPerPixel: CGFloat) -> Int {
        guard outputPerPixel > 0, outputPerPixel.isFinite else { return 1 }
        return [8, 4, 2].first { CGFloat($0) * outputPerPixel <= 1 + 1e-9 } ?? 1
    }

    /// The stored pixels reduced for `outputPerPixel`: shrink-on-load for JPEG and WebP, a box shrink otherwise.
    ///
    /// With `once` (a single snapshot) an image stored upright or mirrored left to right is
    /// streamed top to bottom, as the affine reads it; anything turned or flipped upside down,
    /// or read for several frames, is opened for random access.
    package func pixels(outputPerPixel: CGFloat, once: Bool) throws(RenderError) -> ViewportPixels {
        let factor = ViewportSource.shrinkFactor(outputPerPixel: outputPerPixel)
        let streams = once && (orientation == .up || orientation == .upMirrored)
        let access: LoadAccess = streams ? .sequential : .random
        let thumbnail = embeddedThumbnail(for: factor)
        return try RenderError.catching(path) { () throws(VipsError) in
            if let thumbnail {
                let actual = (
                    Double(storedSize.width) / Double(thumbnail.width),
                    Double(storedSize.height) / Double(thumbnail.height)
                )
                return try ViewportPixels(image: thumbnail, source: self, factor: actual)
            }
            switch loadReduction(for: factor) {
            case .shrinkOnLoad(let factor):
                let image = try VImage.load(path, access: access, failOn: failOn, options: [("shrink", .int(factor))])
                return try ViewportPixels(image: image, source: self, factor: (Double(factor), Double(factor)))
            case .scaleOnLoad(let factor):
                let image = try VImage.load(
                    path, access: access, failOn: failOn, options: [("scale", .double(1 / Double(factor)))])
                let actual = (
                    Double(storedSize.width) / Double(image.width), Double(storedSize.height) / Double(image.height)
                )
                return try ViewportPixels(image: image, source: self, factor: actual)
            case .box, .embeddedThumbnail:
                var image = try VImage.load(path, access: access, failOn: failOn)
                if factor > 1 { image = try image.shrunk(factor, factor) }
                return try ViewportPixels(image: image, source: self, factor: (Double(factor), Double(factor)))
            }
        }
    }

    /// How a reduction by `factor` is done for this file's format.
    package enum Reduction: Equatable, Sendable {
        /// JPEG's shrink-on-load (DCT scaling), the cheapest.
        case shrinkOnLoad(Int)
        /// WebP's scale-on-load.
        case scaleOnLoad(Int)
        /// A HEIF file's embedded thumbnail, when it has at least the pixels needed and decodes.
        case embeddedThumbnail
        /// A full decode, then a box shrink.
        case box(Int)
    }

    /// The reduction by `factor` for this file: on load where the loader can, a box shrink otherwise.
    package func reduction(for factor: Int) -> Reduction {
        embeddedThumbnail(for: factor) == nil ? loadReduction(for: factor) : .embeddedThumbnail
    }

    /// The reduction by `factor` when the file's embedded thumbnail is not used.
    private func loadReduction(for factor: Int) -> Reduction {
        if loader.hasPrefix("VipsForeignLoadJpeg") { return .shrinkOnLoad(factor) }
        if loader.hasPrefix("VipsForeignLoadWebp"), factor > 1 { return .scaleOnLoad(factor) }
        return .box(factor)
    }

    /// A HEIF file's embedded thumbnail decoded into memory, when it has the pixels a reduction by
    /// `factor` needs and decodes (`HEIFThumbnail`); nil otherwise.
    private func embeddedThumbnail(for factor: Int) -> VImage? {
        guard loader.hasPrefix("VipsForeignLoadHeif"), factor > 1,
            let thumbnail = thumbnailMemo.thumbnail({
                HEIFThumbnail(path, failOn: failOn, mainWidth: storedSize.width, loader: loader)
            }),
            thumbnail.header.width * factor >= storedSize.width, thumbnail.header.height * factor >= storedSize.height
        else { return nil }
        return thumbnailMemo.decoded(thumbnail)
    }
}
