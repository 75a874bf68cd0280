import Foundation
import Vips

/// How outputs are written: quality, metadata kept, and whether an existing output may be replaced.
package struct SaveOptions: Sendable, Equatable, Codable {
    /// Quality from 1 to 100 for lossy formats, or nil for libvips' default.
    package var quality: Int?
    /// Drop EXIF, XMP, IPTC and other metadata about the photo (a crop's default; `--keep-metadata` keeps it).
    package var strip: Bool
    /// Drop the ICC colour profile.
    package var stripICC: Bool
    /// Replace an existing output.
    package var force: Bool
    /// `--format`: the format of standard output (`-o -`) and of every output whose name has no
    /// extension of its own.
    package var streamFormat: OutputFormat?
    /// The checked save options of the output name (`[Q=90,strip]`), applied last.
    package var saverSettings = SaverSettings()
    /// The colour transparent pixels are flattened onto (red, green, blue from 0 to 255): white,
    /// as `view --under`, unless `--background` says otherwise.
    package var background: [Double] = SaveOptions.defaultBackground
    /// Flatten every format onto `background` (`--background` given), not only those without alpha.
    package var flattensAlpha = false

    /// The default `background`: white.
    package static let defaultBackground: [Double] = [255, 255, 255]

    /// Makes save options; with both `strip` and `stripICC` nothing of the input's metadata is written.
    package init(quality: Int? = nil, strip: Bool = false, stripICC: Bool = false, force: Bool = false) {
        self.quality = quality
        self.strip = strip
        self.stripICC = stripICC
        self.force = force
        streamFormat = nil
    }

    /// The format `path` is written in: its extension's, or `streamFormat` for standard output
    /// (`-`) and a name without an extension; nil for an extension Lightbox does not write.
    package func format(of path: String) -> OutputFormat? {
        guard path != OutputPath.standardOutput else { return streamFormat }
        let ext = URL(fileURLWithPath: path, isDirectory: false).pathExtension
        return ext.isEmpty ? streamFormat : OutputFormat(extension: ext)
    }

    /// The image with the metadata these options drop removed (`[strip]` and `[profile=none]`
    /// among them), and the profile `[profile=FILE]` names set in place of the input's.
    func prepared(_ image: VImage) throws(VipsError) -> VImage {
        let (strip, stripICC) = dropped
        var image = image
        if strip || stripICC {
            image = try image.removingFields { name in
                let isICC = name == "icc-profile-data"
                return isICC ? stripICC : strip && SaveOptions.isMetadata(name)
            }
        }
        guard let profile = saverSettings.profile else { return image }
        return try image.settingBlob("icc-profile-data", profile)
    }

    /// What is dropped: metadata, and the profile; the output name's options only add to these.
    private var dropped: (metadata: Bool, profile: Bool) {
        let all = saverSettings.stripsAll
        return (strip || all, stripICC || all || saverSettings.dropsProfile)
    }

    /// `image` flattened onto `background` when `format` cannot keep alpha (JPEG), or for any
    /// format when `flattensAlpha`: never the black or the leftover colours under alpha 0.
    func flattened(_ image: VImage, for format: OutputFormat) throws(VipsError) -> VImage {
        guard image.hasAlpha, flattensAlpha || !format.keepsAlpha else { return image }
        return try image.flattened(onto: background)
    }

    /// The saver arguments for `format` and the `image` about to be saved: `strip` when both
    /// kinds of metadata are dropped, or when the image has nothing left to keep (no profile, no
    /// EXIF, XMP or IPTC), so that no saver writes metadata of its own making; then the output
    /// name's options (`[Q=90]` wins over `--quality`).
    func saverArguments(for format: OutputFormat, image: VImage) -> [(String, VValue)] {
        var arguments: [(String, VValue)] = []
        if let quality, format.takesQuality { arguments.append(("Q", .int(quality))) }
        let keepsNothing = !image.fieldNames.contains { $0 == "icc-profile-data" || SaveOptions.isMetadata($0) }
        let (strip, stripICC) = dropped
        if strip && stripICC || keepsNothing { arguments.append(("strip", .bool(true))) }
        return arguments + saverSettings.arguments
    }

    /// Whether a field is metadata about the photo or its maker (EXIF with GPS and camera, XMP,
    /// IPTC, comments, descriptions, PDF document info, the EXIF thumbnail of the whole photo),
    /// which savers would write back out.
    static func isMetadata(_ name: String) -> Bool {
        metadataPrefixes.contains { name.hasPrefix($0) }
    }

    /// The field name prefixes of `isMetadata`, from every libvips 8.14 loader that sets such fields.
    static let metadataPrefixes = [
        "exif-", "xmp-", "iptc-", "photoshop-", "png-comment-", "gif-comment", "jpeg-comment", "jpeg-thumbnail-data",
        "image-description", "pdf-", "magick-", "openslide.", "heif-",
    ]
}
