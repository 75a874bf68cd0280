import CVips

extension VImage {
    /// Whether the interpretation says grey but there are three bands or more: libvips 8.14's
    /// `magickload` labels ImageMagick's three-channel reading of a grey TGA or DDS file `b-w`.
    ///
    /// libvips' own colour operations read such an image as one grey band plus extra bands
    /// (`colourspace` to sRGB gives five bands, `flatten` wants two background values), so every
    /// step after the load would fail or guess; the bands are what the file gave, colour order.
    package var isGreyLabelledColour: Bool {
        (interpretation == "b-w" || interpretation == "grey16") && bands >= 3
    }

    /// The image labelled by its bands when `isGreyLabelledColour` (sRGB, or rgb16 for 16-bit
    /// pixels: three bands are colour, a fourth is alpha); itself otherwise.
    package func labelledByBands() throws(VipsError) -> VImage {
        guard isGreyLabelledColour else { return self }
        return try interpreted(format == "ushort" ? "rgb16" : "srgb")
    }

    /// Whether libvips' `thumbnail`, which opens the file itself, would see the image as the
    /// loader labels it: a loader that may label colour as grey is opened first (ImageMagick's,
    /// and libvips' own format, which keeps whatever label its writer gave).
    static func mayMislabel(_ loader: String?) -> Bool {
        guard let loader else { return false }
        return loader.hasPrefix("VipsForeignLoadMagick") || loader.hasPrefix("VipsForeignLoadVips")
    }
}
