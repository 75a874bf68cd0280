import LightboxArguments

/// `--units`: whether rects are fractions of the image or its pixels.
package enum RectUnits: String, ChoiceArgument, Codable {
    /// From 0 to 1 over the image (the default).
    case fraction
    /// Pixels of the displayed image.
    case px
}
