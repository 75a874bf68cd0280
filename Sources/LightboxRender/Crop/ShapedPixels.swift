import LightboxGeometry
import Vips

/// The pixel steps the shaped cuts share: an alpha band to cut into, the shape's mask applied
/// to it, and the flattening onto a background for outputs without alpha.
enum ShapedPixels {
    /// The largest value of a band of `image`: 65535 for 16-bit images, else 255.
    static func full(_ image: VImage) -> Double {
        image.format == "ushort" ? 65535 : 255
    }

    /// `image` with an alpha band (opaque when it had none); a CMYK image becomes sRGB through
    /// its profile first, since the background and the mask are sRGB.
    static func withAlpha(_ image: VImage) throws(VipsError) -> VImage {
        let colour = image.interpretation == "cmyk" ? try DisplayColour.sRGB(image) : image
        return colour.hasAlpha ? colour : try colour.appendingBands([full(colour)])
    }

    /// `image`'s alpha times the 8-bit `mask` (the same size): the outside of the shape transparent.
    static func masked(_ image: VImage, by mask: VImage) throws(VipsError) -> VImage {
        let (colour, alpha) = try withAlpha(image).splitAlpha()
        let combined = try alpha.multiplied(by: mask).linear([1 / 255], [0]).cast(image.format)
        return try colour.bandjoin([combined])
    }

    /// `image` flattened onto `background` when it has alpha (grey images onto its luminance).
    static func flattened(_ image: VImage, onto background: BoardColor) throws(VipsError) -> VImage {
        guard image.hasAlpha else { return image }
        let scale = full(image) / 255
        let rgb = background.bytes
        let values = image.bands >= 4 ? rgb : [0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]]
        return try image.flattened(background: values.map { $0 * scale }).cast(image.format)
            .interpreted(image.interpretation)
    }
}
