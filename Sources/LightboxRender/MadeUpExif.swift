import Foundation
import Vips

/// What Lightbox does about the EXIF blocks libvips 8.14's savers write of their own making.
///
/// A board, a snapshot and a crop without `--keep-metadata` carry no EXIF of the input, yet the
/// JPEG saver (whenever it writes the ICC profile) and the WebP saver (always) write one, made up
/// of orientation 1, 72 dpi and the size. Such a block is taken out of the saved file; a block
/// the image does carry (`--keep-metadata`) stays, a WebP's with the header WebP wants. HEIF and
/// AVIF outputs keep libvips' block when they keep the profile: libheif has no call to drop it.
enum MadeUpExif {
    /// Rewrites the saved file at `path` (a temp file, before it is published) when its EXIF
    /// block must go or be mended; `ownExif` says whether the image saved carried EXIF of its own.
    static func clean(_ path: String, format: OutputFormat, ownExif: Bool) throws(RenderError) {
        guard format == .jpeg || format == .webp, !(format == .jpeg && ownExif) else { return }
        guard let bytes = FileManager.default.contents(atPath: path) else { return }
        let edited =
            format == .jpeg ? JPEGExifSegment.removed(from: bytes) : WebPExif.edited(bytes, keep: ownExif)
        guard let edited else { return }
        do {
            try edited.write(to: URL(fileURLWithPath: path))
        } catch {
            throw RenderError(path, "cannot rewrite the saved file: \(error.localizedDescription)")
        }
    }
}
