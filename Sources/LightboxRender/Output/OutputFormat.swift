import Foundation
import Vips

/// An output file format, chosen from the output's extension.
package enum OutputFormat: String, CaseIterable, Sendable, Codable {
    /// JPEG (`.jpg`, `.jpeg`).
    case jpeg
    /// PNG.
    case png
    /// WebP.
    case webp
    /// TIFF (`.tif`, `.tiff`).
    case tiff
    /// GIF.
    case gif
    /// AVIF, where the libvips build has a HEIF plugin with AV1.
    case avif
    /// HEIC (`.heic`, `.heif`), where the libvips build has a HEIF plugin.
    case heic

    /// The format for an extension (without the dot, any case), or nil.
    package init?(extension ext: String) {
        switch ext.lowercased() {
        case "jpg", "jpeg": self = .jpeg
        case "png": self = .png
        case "webp": self = .webp
        case "tif", "tiff": self = .tiff
        case "gif": self = .gif
        case "avif": self = .avif
        case "heic", "heif": self = .heic
        default: return nil
        }
    }

    /// The extension a name made for this format gets (`jpg`, `tif`, else the format's own name).
    package var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .tiff: "tif"
        default: rawValue
        }
    }

    /// The format's name in messages: `JPEG`, `PNG`, `WebP`, `TIFF`, `GIF`, `AVIF`, `HEIC`.
    package var displayName: String {
        switch self {
        case .webp: "WebP"
        default: rawValue.uppercased()
        }
    }

    /// Every extension Lightbox accepts, for help and errors.
    package static let extensions = "jpg, jpeg, png, webp, tif, tiff, gif, avif, heic"

    /// Why `path` names no format Lightbox writes, or nil when it names one: it has no
    /// extension, or one Lightbox does not write; the message lists the extensions.
    package static func problem(with path: String) -> String? {
        let ext = URL(fileURLWithPath: path, isDirectory: false).pathExtension
        guard OutputFormat(extension: ext) == nil else { return nil }
        if ext.isEmpty { return "the name has no extension to choose the format by (use \(extensions))" }
        return "unsupported format '.\(ext)' (use \(extensions))"
    }

    /// Whether the format takes a quality setting (`Q`).
    package var takesQuality: Bool { self != .png && self != .gif }

    /// Whether the format can hold an alpha band.
    package var keepsAlpha: Bool { self != .jpeg }

    /// The libvips saver for `path`, or an error saying the build cannot write this format.
    package func saver(for path: String) throws(RenderError) -> String {
        do {
            return try Vips.saver(for: path)
        } catch {
            throw RenderError(path, "this libvips build cannot write .\(rawValue) files")
        }
    }
}
