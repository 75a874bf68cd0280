import CVips

/// Whether libpng embeds an ICC profile in a PNG, asked of libpng itself.
///
/// libpng checks a profile before writing its `iCCP` chunk (its length against the length its
/// header declares, its header, its tag table, its colour space against the image's) and, when
/// one check fails, only warns and writes the PNG without it: the colours of a Display P3 photo
/// then read as sRGB. libvips passes that on as a warning. So before a PNG is saved, a 1x1 PNG of
/// the same kind is made in memory with the profile, and its chunks say whether libpng kept it.
package enum PNGProfileCheck {
    /// Nil when libpng embeds `profile` in a PNG of `image`'s bands, depth and interpretation;
    /// otherwise libpng's reason (`iCCP: length does not match profile`).
    package static func problem(with profile: [UInt8], like image: VImage) -> String? {
        let (bytes, warnings) = VipsWarnings.taken { () -> [UInt8]? in
            try? sample(like: image, profile: profile)
        }
        guard let bytes else { return "libpng could not write it" }
        if PNGProfileCheck.hasICCP(bytes) { return nil }
        // libvips adds "bad ICC profile not saved" after libpng's own words.
        return warnings.first { $0 != "bad ICC profile not saved" } ?? warnings.last ?? "libpng left it out"
    }

    /// A 1x1 PNG of `image`'s kind carrying `profile`, as pngsave writes it.
    private static func sample(like image: VImage, profile: [UInt8]) throws(VipsError) -> [UInt8] {
        let pixel = try VImage.filled(width: 1, height: 1, color: [Double](repeating: 0, count: image.bands))
            .cast(image.format).interpreted(image.interpretation).settingBlob("icc-profile-data", profile)
        return try VOperation.call("pngsave_buffer", [("in", .image(pixel))], outputs: ["buffer"]).blob("buffer")
    }

    /// Whether the PNG `bytes` has an `iCCP` chunk before its image data.
    static func hasICCP(_ bytes: [UInt8]) -> Bool {
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            if type == "iCCP" { return true }
            if type == "IDAT" { return false }
            offset += 12 + length
        }
        return false
    }
}
