import Foundation

/// A HEIF file's embedded thumbnail as libvips' heifload opens it (`thumbnail`), which may not decode.
///
/// libvips opens a thumbnail whose decoded size disagrees with the size its header gives (a
/// Samsung Galaxy S24 FE's, which libheif 1.15 crops one row short through its clean aperture)
/// and only fails when its pixels are computed: `heifload: bad image dimensions on decode`.
/// `decoded()` finds out the one exact way, by decoding it: a small image, which a caller that
/// uses the thumbnail decodes anyway, so it keeps the decoded pixels rather than decode twice.
package struct HEIFThumbnail {
    /// The thumbnail opened lazily: its size and fields, no pixels yet.
    package let header: VImage

    /// Whether LIGHTBOX_NO_HEIF_THUMBNAIL=1 makes every HEIF file render as if it had no embedded
    /// thumbnail (tests and benchmarks compare with it).
    package static let ignored = ProcessInfo.processInfo.environment["LIGHTBOX_NO_HEIF_THUMBNAIL"] == "1"

    /// Opens the embedded thumbnail of the HEIF file at `path` with libvips' `fail_on` `failOn`;
    /// nil when the file has none (heifload then gives the main image, `mainWidth` wide), libvips
    /// cannot open it, or thumbnails are `ignored`. `loader` is `Vips.loader(for:)`'s answer when
    /// the caller has it.
    package init?(_ path: String, failOn: FailOn?, mainWidth: Int, loader: String? = nil) {
        guard !HEIFThumbnail.ignored,
            let header = try? VImage.load(
                path, failOn: failOn, options: [("thumbnail", .bool(true))], loader: loader),
            header.width < mainWidth
        else { return nil }
        self.header = header
    }

    /// The thumbnail decoded into memory; nil when libvips fails to decode it.
    package func decoded() -> VImage? {
        try? header.inMemory()
    }

    /// Whether libvips' `thumbnail` fitting the file to `width` x `height` with `size` and `crop`
    /// takes this thumbnail rather than the main image: libvips 8.14's `vips_thumbnail_open` does
    /// when the shrink common to both axes of the thumbnail (`vips_thumbnail_calculate_shrink`)
    /// is over 1, so the thumbnail is never enlarged. `swap` is whether the target turns a
    /// quarter (an EXIF orientation of 5 to 8 that is applied).
    package func servesThumbnail(width: Int, height: Int, size: String, crop: String, swap: Bool) -> Bool {
        let (targetWidth, targetHeight) = swap ? (height, width) : (width, height)
        var horizontal = Double(header.width) / Double(targetWidth)
        var vertical = Double(header.height) / Double(targetHeight)
        // Cropping fills the box, so the smaller shrink leads; fitting inside it, the larger.
        let byWidth = crop == "none" ? horizontal >= vertical : horizontal < vertical
        if size != "force" {
            if byWidth { vertical = horizontal } else { horizontal = vertical }
        }
        if size == "up" {
            (horizontal, vertical) = (min(1, horizontal), min(1, vertical))
        } else if size == "down" {
            (horizontal, vertical) = (max(1, horizontal), max(1, vertical))
        }
        horizontal = min(horizontal, Double(header.width))
        vertical = min(vertical, Double(header.height))
        return min(horizontal, vertical) > 1
    }
}
