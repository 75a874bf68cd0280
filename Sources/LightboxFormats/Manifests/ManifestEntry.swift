import Foundation

/// One crop as a manifest line or a batch job gives it: an input, a rect as written, and the
/// optional fields (output, units, square, angle and the cut), read but not yet checked against
/// the image.
package struct ManifestEntry: Sendable, Equatable {
    /// The input path, resolved against the manifest's folder.
    package let input: String
    /// The rect as written (not yet checked).
    package let rect: CGRect
    /// The output name as written (it may end in `[save options]`), if the line gives one.
    package let output: String?
    /// `fraction` or `px`, if the line says.
    package var units: String?
    /// Whether to grow the crop to a square, if the line says.
    package var square: Bool?
    /// The rect's turn in degrees, counter-clockwise about its centre, as written, if the line gives one.
    package var angle: String?
    /// How an oriented box is cut (`bounds` or `upright`), as written, if the line says.
    package var oriented: String?
    /// Whether to keep only the inside of the shape, if the line says.
    package var mask: Bool?
    /// Whether to cut the JPEG without re-encoding, if the line says.
    package var lossless: Bool?
    /// The manifest line, from 1.
    package let line: Int

    /// Makes a value from its parts.
    package init(input: String, rect: CGRect, output: String?, line: Int) {
        self.input = input
        self.rect = rect
        self.output = output
        self.line = line
    }
}
