import CVips
import Foundation

/// libvips' bicubic affine, for a pure scale, in two passes (CVips/scale.h): the same pixels in a
/// third of the work at the upscales a zoomed viewer makes.
extension VImage {
    /// Whether `LIGHTBOX_AFFINE=libvips` asks for libvips' own affine for every scale, for comparison.
    package static let twoPassScaleDisabled = ProcessInfo.processInfo.environment["LIGHTBOX_AFFINE"] == "libvips"

    /// The affine as `affine(...)` describes it made in two passes, or nil where that path does
    /// not apply and libvips' affine is used: another interpolator, a rotation, shear or flip, the
    /// identity (which libvips copies), a number that is not finite, a format other than 8-bit, an
    /// alpha band (premultiplied by the affine first) or a background that is not whole 8-bit values.
    package func twoPassScaled(
        _ matrix: [Double], area: [Int], offset: (Double, Double), background: [Double], interpolate: String,
        extend: String
    ) throws(VipsError) -> VImage? {
        guard !Self.twoPassScaleDisabled, interpolate == "bicubic", matrix.count == 4, area.count == 4 else {
            return nil
        }
        let (across, down) = (matrix[0], matrix[3])
        guard matrix[1] == 0, matrix[2] == 0, across > 0, down > 0, across.isFinite, down.isFinite,
            across * down > 1e-9,
            across != 1 || down != 1, area[2] > 0, area[3] > 0, offset.0.isFinite, offset.1.isFinite
        else { return nil }
        guard format == "uchar", isUncoded, !hasAlpha, (1...4).contains(bands) else { return nil }
        guard background.count == 1 || background.count == bands,
            background.allSatisfy({ $0 >= 0 && $0 <= 255 && $0 == $0.rounded() })
        else { return nil }
        let padded = try embedded(
            x: 2, y: 2, width: width + 5, height: height + 5, background: background, extend: extend)
        let ink = (0..<4).map { background[min($0, background.count - 1)] }
        let oarea = area.map { Int32(clamping: $0) }
        let offsets = [offset.0, offset.1, 0, 0]
        var made: UnsafeMutablePointer<VipsImage>?
        let status = lbx_scale_bicubic(padded.pointer, across, down, oarea, offsets, ink, &made)
        guard status == 0, let made else { throw VipsError.fromBuffer("affine") }
        return VImage(owning: made)
    }
}
