import Vips

/// How outputs are written: quality, metadata kept, and whether an existing output may be replaced.
public struct SaveOptions: Sendable, Equatable {
    /// Quality from 1 to 100 for lossy formats, or nil for libvips' default.
    public var quality: Int?
    /// Drop EXIF, XMP and IPTC metadata.
    public var strip: Bool
    /// Drop the ICC colour profile.
    public var stripICC: Bool
    /// Replace an existing output.
    public var force: Bool

    /// Makes save options; by default metadata and the ICC profile are kept.
    public init(quality: Int? = nil, strip: Bool = false, stripICC: Bool = false, force: Bool = false) {
        self.quality = quality
        self.strip = strip
        self.stripICC = stripICC
        self.force = force
    }

    /// The image with the metadata these options drop removed.
    func prepared(_ image: VImage) throws(VipsError) -> VImage {
        guard strip || stripICC else { return image }
        return try image.removingFields { name in
            let isICC = name == "icc-profile-data"
            return isICC ? stripICC : strip && SaveOptions.isMetadata(name)
        }
    }

    /// The saver arguments for `format`.
    func saverArguments(for format: OutputFormat) -> [(String, VValue)] {
        var arguments: [(String, VValue)] = []
        if let quality, format.takesQuality { arguments.append(("Q", .int(quality))) }
        if strip && stripICC { arguments.append(("strip", .bool(true))) }
        return arguments
    }

    /// Whether a field is metadata that `--strip` removes (EXIF, XMP, IPTC, comments).
    static func isMetadata(_ name: String) -> Bool {
        ["exif-", "xmp-", "iptc-", "png-comment-", "gif-comment"].contains { name.hasPrefix($0) }
    }
}
