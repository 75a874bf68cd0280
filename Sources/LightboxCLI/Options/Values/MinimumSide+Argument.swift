import LightboxGeometry

/// `--min-side`: a fraction in (0, 1] or whole pixels such as `32px`.
extension CropRect.MinimumSide: ArgumentValue {
    /// Reads a fraction or `Npx`.
    init?(argument: String) {
        if argument.hasSuffix("px"), let pixels = Int(argument.dropLast(2)), pixels >= 1 {
            self = .pixels(pixels)
        } else if let fraction = Double(argument), fraction > 0, fraction <= 1 {
            self = .fraction(fraction)
        } else {
            return nil
        }
    }

    /// The forms.
    static var expected: String { "expected a fraction in (0, 1] or whole pixels such as 32px" }
}
