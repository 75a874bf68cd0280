import Vips

/// Decodes the coordinates that `Fixtures/pattern.png` stores in each pixel.
enum PatternPixel {
    /// The source (x, y) of the pixel at `x`, `y` of `image` (a crop of the pattern).
    static func source(in image: VImage, x: Int, y: Int) throws -> (x: Int, y: Int) {
        let value = try image.pixel(x: x, y: y).map { Int($0.rounded()) }
        return (value[0] + 256 * (value[2] / 16), value[1] + 256 * (value[2] % 16))
    }
}
