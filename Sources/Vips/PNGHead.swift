import CPng
import CVips
import Foundation

/// A PNG's signature and chunks before its image data, written by libpng from an image's header
/// exactly as libvips 8.14.1's pngsave has libpng write them: IHDR, pHYs and, unless stripped, the
/// ICC profile, XMP, EXIF (refreshed from the image's fields first, as pngsave does) and comments.
///
/// libpng 1.6.39 writes an EXIF block before the image data and again after it (its issue 480);
/// the encoder never asks for the second, so a kept EXIF is in the file once, before the data.
struct PNGHead {
    /// The bytes to start the file with.
    let bytes: [UInt8]
    /// Whether libpng refused the ICC profile, which is then left out, as pngsave leaves it out.
    let droppedICC: Bool

    /// The head of `image` saved as a PNG of `bitDepth` bits and libpng's `colorType`, its
    /// metadata left out when `strip`.
    init(_ image: VImage, bitDepth: Int, colorType: Int32, strip: Bool) throws(VipsError) {
        let exifSource = !strip && image.hasField("exif-data") ? try PNGHead.refreshedExif(image) : image
        let icc = strip ? nil : PNGHead.blob(image, "icc-profile-data")
        let xmp =
            strip
            ? nil
            : PNGHead.blob(image, "xmp-data").map { bytes in
                // pngsave copies the XMP block as a C string: up to its first zero byte.
                bytes.prefix { $0 != 0 }.map { CChar(bitPattern: $0) } + [0]
            }
        var exif = strip ? nil : PNGHead.blob(exifSource, "exif-data")
        if let block = exif, block.count >= 6, block.starts(with: Array("Exif".utf8)) {
            exif = Array(block.dropFirst(6))
        }
        let comments = strip ? [] : try PNGHead.comments(image)
        defer { for pointer in comments { free(pointer) } }
        var head = lbx_png_head()
        let status = comments.map { UnsafePointer<CChar>($0) }.withUnsafeBufferPointer { list in
            lbx_png_head_make(
                &head, UInt32(image.width), UInt32(image.height), Int32(bitDepth), colorType,
                vips_image_get_xres(image.pointer), vips_image_get_yres(image.pointer), strip ? 1 : 0, icc,
                icc?.count ?? 0, xmp, exif, exif?.count ?? 0, list.baseAddress, Int32(list.count / 2))
        }
        defer { free(head.data) }
        guard status == 0 else {
            let message = withUnsafeBytes(of: head.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            throw VipsError("vips2png: \(message)")
        }
        bytes = Array(UnsafeBufferPointer(start: head.data, count: head.size))
        droppedICC = head.icc_dropped != 0
    }

    /// A copy of `image` whose EXIF block libvips has refreshed from its fields, as pngsave does
    /// to the image it saves.
    private static func refreshedExif(_ image: VImage) throws(VipsError) -> VImage {
        let copy = try VOperation.call("copy", [("in", .image(image))], cached: false).image()
        guard lbx_exif_update(copy.pointer) == 0 else { throw VipsError.fromBuffer(PNGEncoder.context) }
        return copy
    }

    /// The bytes of `image`'s blob field `name`, or nil when it has none.
    static func blob(_ image: VImage, _ name: String) -> [UInt8]? {
        guard image.hasField(name) else { return nil }
        var data: UnsafeRawPointer?
        var length = 0
        guard vips_image_get_blob(image.pointer, name, &data, &length) == 0, let data else {
            vips_error_clear()
            return nil
        }
        return Array(UnsafeRawBufferPointer(start: data, count: length))
    }

    /// The comment fields (`png-comment-N-key`) in the order libvips lists them, as key and text
    /// pairs of C strings (free each); a field pngsave cannot read fails the save, as it does there.
    /// Names are read as the bytes libvips holds: a key need not be UTF-8 (libpng takes Latin-1).
    private static func comments(_ image: VImage) throws(VipsError) -> [UnsafeMutablePointer<CChar>] {
        guard let fields = vips_image_get_fields(image.pointer) else { return [] }
        defer { g_strfreev(fields) }
        var pairs: [UnsafeMutablePointer<CChar>] = []
        var index = 0
        while let field = fields[index] {
            index += 1
            guard strncmp(field, "png-comment-", 12) == 0 else { continue }
            var text: UnsafePointer<CChar>?
            var key = [CChar](repeating: 0, count: 81)
            guard vips_image_get_string(image.pointer, field, &text) == 0, let text,
                lbx_png_comment_key(field, &key) == 0, let name = strdup(key), let value = strdup(text)
            else {
                for pointer in pairs { free(pointer) }
                vips_error_clear()
                throw VipsError("vips2png: bad png comment key")
            }
            pairs += [name, value]
        }
        return pairs
    }
}
