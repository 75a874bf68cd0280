import Vips

/// An input's ICC profile in an output format that cannot embed it: the colours stay right.
///
/// libpng checks a profile before it writes it and, when a check fails, writes the PNG without
/// it and only warns: an iPhone HEIC's Display P3 profile with bytes past the length its header
/// declares ("length does not match profile") gave a PNG whose P3 pixels every viewer reads as
/// sRGB, while the same crop to JPEG kept the profile. A GIF holds no profile at all. So:
/// - a profile with bytes past the length its header declares is cut to that length in every
///   format (the same profile; a JPEG with the bytes whole read as "Bad length ICC_Profile");
/// - a profile libpng takes (`PNGProfileCheck`) is written as it is;
/// - otherwise, and for GIF, the pixels are converted to sRGB through the profile (as iOS shows
///   them) and written without it; for PNG a warning says so. A profile lcms cannot read either
///   shows no colours anywhere: it is left out, the pixels as they are, with a warning.
enum EmbeddedProfile {
    /// `image` as `format` can carry its colours, and a warning for `output` when its profile had
    /// to give way to converted pixels.
    static func fitted(
        _ image: VImage, for format: OutputFormat, output: String
    ) throws(VipsError) -> (image: VImage, warning: String?) {
        guard var profile = image.blobField("icc-profile-data") else { return (image, nil) }
        var image = image
        if let cut = declaredPart(of: profile) {
            image = try image.settingBlob("icc-profile-data", cut)
            profile = cut
        }
        guard format == .png || format == .gif else { return (image, nil) }
        guard format == .png else { return (try converted(image), nil) }
        guard let problem = PNGProfileCheck.problem(with: profile, like: image) else { return (image, nil) }
        guard image.readsProfile(profile) else {
            let warning =
                "\(output): neither libpng nor lcms can use the input's ICC profile (\(problem)); "
                + "written without it, its pixels as they are"
            return (try image.removingFields { $0 == "icc-profile-data" }, warning)
        }
        let warning =
            "\(output): libpng would not embed the input's ICC profile (\(problem)); "
            + "its pixels were converted to sRGB through it"
        return (try converted(image), warning)
    }

    /// The profile's first bytes up to the length its header declares, when it has more bytes than that.
    static func declaredPart(of profile: [UInt8]) -> [UInt8]? {
        guard profile.count >= 132 else { return nil }
        let declared = profile.prefix(4).reduce(0) { $0 << 8 | Int($1) }
        guard declared >= 132, declared < profile.count else { return nil }
        return Array(profile.prefix(declared))
    }

    /// The pixels in sRGB through their profile, at their depth, with no profile left.
    private static func converted(_ image: VImage) throws(VipsError) -> VImage {
        let depth = image.format == "ushort" ? 16 : 8
        return try DisplayColour.sRGB(image, depth: depth).removingFields { $0 == "icc-profile-data" }
    }
}
