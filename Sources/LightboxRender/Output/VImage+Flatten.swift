import Vips

extension VImage {
    /// The alpha flattened onto `colour` (red, green, blue from 0 to 255): a grey image onto the
    /// colour's luminance (Rec. 709), a 16-bit one onto the colour scaled to 16 bits, so the
    /// transparent pixels show the one colour asked for whatever the image's bands and depth.
    package func flattened(onto colour: [Double]) throws(VipsError) -> VImage {
        guard hasAlpha else { return self }
        let rgb = colour.count >= 3 ? Array(colour.prefix(3)) : [Double](repeating: colour.first ?? 255, count: 3)
        let grey = 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]
        let deep = format == "ushort" || interpretation == "rgb16" || interpretation == "grey16"
        let values = (bands - 1 == 1 ? [grey] : rgb).map { deep ? $0 * 257 : $0 }
        return try flattened(background: values)
    }
}
