import Foundation
import LightboxHEIF
import Vips

/// What Lightbox does about the EXIF blocks libvips 8.14's savers write of their own making.
///
/// A board, a snapshot and a crop without `--keep-metadata` carry no EXIF of the input, yet the
/// JPEG saver (whenever it writes the ICC profile), the HEIF saver (likewise, for HEIC and AVIF)
/// and the WebP saver (always) write one, made up of orientation 1, 72 dpi and the size. Such a
/// block is taken out of the saved file; a block the image does carry (`--keep-metadata`) stays,
/// a WebP's with the header WebP wants and a PNG's once, before the image data.
enum MadeUpExif {
    /// Rewrites the saved file at `path` (a temp file, before it is published) when its EXIF
    /// block must go or be mended; `ownExif` says whether the image saved carried EXIF of its own.
    /// `bytes` are the file's when the caller has read them already.
    static func clean(_ path: String, format: OutputFormat, ownExif: Bool, bytes read: Data? = nil) throws(RenderError)
    {
        guard needsEditing(format, ownExif: ownExif), let bytes = read ?? FileManager.default.contents(atPath: path),
            let edited = edited(bytes, format: format, ownExif: ownExif)
        else { return }
        do {
            try edited.write(to: URL(fileURLWithPath: path))
        } catch {
            throw RenderError(path, "cannot rewrite the saved file: \(error.localizedDescription)")
        }
    }

    /// Whether a saved file of `format` may need editing: a made-up block to drop (JPEG, HEIC,
    /// AVIF without EXIF of their own), a WebP's to drop or mend, a PNG's written twice.
    private static func needsEditing(_ format: OutputFormat, ownExif: Bool) -> Bool {
        switch format {
        case .jpeg, .heic, .avif: !ownExif
        case .webp: true
        case .png: ownExif
        case .tiff, .gif: false
        }
    }

    /// `bytes` edited as `format` needs, or nil where they stay as they are.
    private static func edited(_ bytes: Data, format: OutputFormat, ownExif: Bool) -> Data? {
        switch format {
        case .jpeg: JPEGExifSegment.removed(from: bytes)
        case .webp: WebPExif.edited(bytes, keep: ownExif)
        case .png: PNGExifChunks.deduplicated(bytes)
        case .heic, .avif: withoutExifItems(bytes)
        case .tiff, .gif: nil
        }
    }

    /// A HEIF file without its Exif items; nil when it has none or is laid out otherwise than libheif writes.
    private static func withoutExifItems(_ bytes: Data) -> Data? {
        guard let removed = try? ExifItems.removed(from: [UInt8](bytes)) else { return nil }
        return Data(removed)
    }
}
