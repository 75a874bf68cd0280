import Foundation
import LightboxHEIF

/// A HEIC or AVIF file libvips just saved, checked to hold its image.
///
/// libheif 1.15 reports success and writes a file whose primary item names no image when its
/// x265 encoder gives nothing, as it does for some wide, short pictures (8192x4: the HEVC level
/// x265 picks for so few pixels caps the width), so the saved file is read back for its
/// primary image's bytes before it is published.
enum HEIFOutputCheck {
    /// Throws, naming `output`, when the saved file at `path` holds no primary image; `size` is
    /// the image's, for the message.
    static func require(_ path: String, output: String, size: (width: Int, height: Int)) throws(RenderError) {
        guard let bytes = FileManager.default.contents(atPath: path),
            let meta = try? HEIFMeta(file: [UInt8](bytes)), meta.primaryHasData
        else {
            let shape = "\(size.width)x\(size.height)"
            throw RenderError(output, "libheif wrote no image for \(shape) (its encoder refused a picture this shape)")
        }
    }
}
