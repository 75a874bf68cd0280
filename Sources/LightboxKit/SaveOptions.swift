import LightboxRender

/// How outputs are written; the format always follows the output's extension.
public struct SaveOptions: Sendable, Equatable {
    /// Quality from 1 to 100 for JPEG, WebP, TIFF, AVIF and HEIC, or nil for libvips' default.
    public var quality: Int?
    /// Whether a crop keeps its input's EXIF, XMP and IPTC metadata (the ICC profile is always kept).
    public var keepMetadata: Bool
    /// Whether an existing output may be replaced; by default it is refused.
    public var replaceExisting: Bool

    /// Makes save options; the defaults are the command line's.
    public init(quality: Int? = nil, keepMetadata: Bool = false, replaceExisting: Bool = false) {
        self.quality = quality
        self.keepMetadata = keepMetadata
        self.replaceExisting = replaceExisting
    }

    /// The renderer's options for crops (`strip` unless kept) or, with `pictures`, for snapshots and boards (nothing kept).
    func rendered(pictures: Bool, output: String) throws(LightboxError) -> LightboxRender.SaveOptions {
        if let quality, !(1...100).contains(quality) {
            throw LightboxError(output, "quality \(quality): expected a whole number from 1 to 100")
        }
        return LightboxRender.SaveOptions(
            quality: quality, strip: pictures || !keepMetadata, stripICC: pictures, force: replaceExisting)
    }
}
