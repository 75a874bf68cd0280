import Vips

/// JPEG crops compressed straight from the rows of a photo decoded once into memory.
///
/// `write(_:to:input:)` takes each crop as an image: a libvips crop, the steps that make it
/// saveable, then the encoder reads it through a region. For a JPEG output those steps only ever
/// change metadata (CMYK stays CMYK, alpha is refused below, a profile is cut or dropped, never
/// applied), so they are taken once on the photo, whose header every crop of it shares, and each
/// crop's rows go to the same encoder settings: the same bytes, without a libvips operation per crop.
extension AtomicWriter {
    /// The encoder every JPEG crop of `photo` (an 8-bit image in memory, its header the crops')
    /// gets from `write(_:to:input:)`, or nil when that path would not use Lightbox's encoder or
    /// would change pixels (alpha to flatten, CMYK, a `[profile=…]` of the output's name).
    package func jpegEncoder(forCropsOf photo: VImage) -> JPEGEncoder? {
        guard !photo.hasAlpha, photo.interpretation != "cmyk", options.saverSettings.isEmpty else { return nil }
        do throws(VipsError) {
            let saveable = try DisplayColour.saveable(photo, as: .jpeg)
            let flattened = try options.flattened(saveable, for: .jpeg)
            let prepared = try EmbeddedProfile.fitted(options.prepared(flattened), for: .jpeg, output: "").image
            guard prepared.bands == photo.bands, prepared.format == photo.format else { return nil }
            return JPEGEncoder(like: prepared, arguments: options.saverArguments(for: .jpeg, image: prepared))
        } catch {
            return nil
        }
    }

    /// Writes the crop `rows` to `path` (a JPEG) with `encoder` (`jpegEncoder(forCropsOf:)`), as
    /// `write(_:to:input:)` writes the same pixels: checked against the format's limits, through a
    /// temp file and a rename, a failure blamed on `input` or the output as there.
    package func write(
        _ rows: PixelRows, with encoder: JPEGEncoder, to path: String, input: String?
    ) throws(RenderError) {
        if let problem = OutputLimit.problem(width: Double(rows.width), height: Double(rows.height), format: .jpeg) {
            throw RenderError(path, problem)
        }
        try writeFile(to: path, format: .jpeg) { (temp: String) throws(RenderError) in
            do throws(VipsError) {
                try encoder.write(rows, to: temp)
            } catch {
                throw AtomicWriter.blame(
                    error.message, temp: temp, output: path, input: input, warnings: error.warnings)
            }
        }
    }
}
