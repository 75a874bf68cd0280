import CVips

/// An immutable libvips image; the class owns one reference and drops it in `deinit`.
///
/// libvips images are immutable once built and safe to read from several threads, which is
/// why the class is `Sendable`; the only mutation (`removingFields`) happens on a private copy.
package final class VImage: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<VipsImage>

    /// Takes ownership of one reference.
    init(owning pointer: UnsafeMutablePointer<VipsImage>) {
        self.pointer = pointer
    }

    deinit {
        lbx_image_unref(pointer)
    }

    /// Width in pixels.
    package var width: Int { Int(vips_image_get_width(pointer)) }

    /// Height in pixels.
    package var height: Int { Int(vips_image_get_height(pointer)) }

    /// Number of bands.
    package var bands: Int { Int(vips_image_get_bands(pointer)) }

    /// Whether the last band is alpha; never for a coded image, whose four bands pack three
    /// colours (Radiance's RGBE with a shared exponent, LABQ's packed Lab), not colour and alpha.
    package var hasAlpha: Bool { isUncoded && vips_image_hasalpha(pointer) != 0 }

    /// Whether the pixels are plain bands (`VIPS_CODING_NONE`), as every operation but a few takes them.
    package var isUncoded: Bool { vips_image_get_coding(pointer) == VIPS_CODING_NONE }

    /// The EXIF orientation tag, 1 to 8 (1 when absent or invalid).
    package var orientation: Int { Int(vips_image_get_orientation(pointer)) }

    /// The interpretation's nick, such as "srgb", "cmyk", "rgb16" or "b-w".
    package var interpretation: String {
        let value = vips_image_get_interpretation(pointer)
        guard let nick = vips_enum_nick(vips_interpretation_get_type(), Int32(value.rawValue)) else { return "" }
        return String(cString: nick)
    }

    /// The band format's nick, such as "uchar" or "ushort".
    package var format: String {
        let value = vips_image_get_format(pointer)
        guard let nick = vips_enum_nick(vips_band_format_get_type(), Int32(value.rawValue)) else { return "" }
        return String(cString: nick)
    }

    /// The names of every metadata field the image carries (bytes that are not UTF-8, as a PNG
    /// text chunk's key may have, read as U+FFFD).
    package var fieldNames: [String] {
        rawFieldNames.map { String(decoding: $0.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self) }
    }

    /// The names of every metadata field as libvips holds them: bytes ending with a NUL.
    private var rawFieldNames: [[CChar]] {
        guard let fields = vips_image_get_fields(pointer) else { return [] }
        defer { g_strfreev(fields) }
        var names: [[CChar]] = []
        var index = 0
        while let field = fields[index] {
            names.append(Array(UnsafeBufferPointer(start: field, count: strlen(field) + 1)))
            index += 1
        }
        return names
    }

    /// Whether the image carries metadata field `name`.
    package func hasField(_ name: String) -> Bool {
        vips_image_get_typeof(pointer, name) != 0
    }

    /// A copy without the fields for which `drop` is true; the original stays as it was. A field
    /// is removed by the very bytes of its name, so a name that is not UTF-8 (a PNG text chunk's
    /// key with a stray byte) goes too.
    package func removingFields(where drop: (String) -> Bool) throws(VipsError) -> VImage {
        let names = rawFieldNames.filter {
            drop(String(decoding: $0.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        guard !names.isEmpty else { return self }
        let copy = try VOperation.call("copy", [("in", .image(self))], cached: false).image()
        for name in names {
            _ = name.withUnsafeBufferPointer { vips_image_remove(copy.pointer, $0.baseAddress) }
        }
        return copy
    }
}
