import Foundation
import LightboxGeometry
import Vips

/// An input opened the one way `crop`, `view` and `board` share: checked readable, its header
/// loaded with the access and `fail_on` asked for, held to the pixel limit before any pixel is
/// decoded, with its EXIF orientation and whether the JPEG region decoder or the HEIF tile path may serve it.
package struct InputFile: Sendable {
    /// The path as given, for messages.
    package let path: String
    /// The stored (unrotated) image, opened lazily: only its header is read so far.
    package let header: VImage
    /// libvips' `fail_on` the header was loaded with, for every later decode of the file.
    package let failOn: FailOn
    /// The loader libvips picks for the file, by type name, such as `VipsForeignLoadJpegFile`.
    package let loader: String
    /// The orientation the viewer applies.
    package let orientation: ExifOrientation

    /// The default `--max-pixels`: 250 megapixels.
    package static let defaultMaxPixels = 250_000_000

    /// Opens `path` with `access` ("random" or "sequential"), refusing one whose header declares
    /// more than `maxPixels` pixels (0: no limit), a missing or unreadable file, or a folder.
    package init(
        _ path: String, access: LoadAccess = .random, failOn: FailOn = .standard,
        maxPixels: Int = InputFile.defaultMaxPixels
    ) throws(RenderError) {
        self.path = path
        self.failOn = failOn
        try InputFile.checkReadable(path)
        (loader, header) = try RenderError.catching(path) { () throws(VipsError) in
            let loader = try Vips.loader(for: path)
            return (loader, try VImage.load(path, access: access, failOn: failOn, loader: loader))
        }
        try InputFile.checkSize(header.width, header.height, limit: maxPixels, path: path)
        orientation = ExifOrientation(tag: header.orientation)
    }

    /// Whether libvips reads the file as a JPEG file (the loader that shrinks on load by DCT scaling).
    package var isJPEG: Bool { loader == "VipsForeignLoadJpegFile" }

    /// Whether the JPEG region decoder may serve this file's rects: a JPEG file, and the decoder
    /// not turned off by LIGHTBOX_NO_REGION=1. It may still decline the file (progressive,
    /// arithmetic-coded, 12-bit, CMYK) or fail on damage; libvips then decodes, as it would anyway.
    package var regionDecodable: Bool { isJPEG && !RegionCrops.disabled }

    /// Whether libvips reads the file with its HEIF loader (HEIC, HEIF, AVIF).
    package var isHEIF: Bool { loader.hasPrefix("VipsForeignLoadHeif") }

    /// Whether the HEIF tile path (`HEIFTiles`) may serve this file's rects: a HEIF file, and
    /// region decoding not turned off by LIGHTBOX_NO_REGION=1. It may still decline the file (not
    /// a grid, alpha, AVIF, range extensions...); libvips then decodes, as it would anyway.
    package var tileDecodable: Bool { isHEIF && !RegionCrops.disabled }

    /// The stored size in pixels.
    package var storedSize: (width: Int, height: Int) { (header.width, header.height) }

    /// Throws a plain reason for a path that is missing, a folder, not readable, or an empty file.
    package static func checkReadable(_ path: String) throws(RenderError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw RenderError(path, "cannot open: \(String(cString: strerror(errno)))")
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw RenderError(path, "is a folder, not an image") }
        guard access(path, R_OK) == 0 else {
            throw RenderError(path, "cannot read: \(String(cString: strerror(errno)))")
        }
        // libvips would call it "not a known file format", which sends one looking for a codec.
        if (info.st_mode & S_IFMT) == S_IFREG && info.st_size == 0 {
            throw RenderError(path, "is empty (0 bytes), not an image")
        }
    }

    /// Throws when `width` x `height` is over `limit` pixels (0: no limit).
    package static func checkSize(_ width: Int, _ height: Int, limit: Int, path: String) throws(RenderError) {
        guard limit > 0, width * height > limit else { return }
        let megapixels = Double(width * height) / 1e6
        throw RenderError(
            path,
            "\(width)x\(height) is \(String(format: "%.1f", megapixels)) megapixels, over the limit of \(limit) pixels (--max-pixels; 0 for none)"
        )
    }
}
