import Foundation

/// The one size limit of every image Lightbox draws (a crop's resize, a viewer snapshot, a board):
/// each side from 1 to 32768 pixels, and one message for a size outside it.
///
/// 32768 keeps the largest picture within what libvips' savers handle for every format Lightbox
/// writes except WebP (16383 a side), whose saver then refuses the file with its own reason.
package enum OutputLimit {
    /// The largest side of an output, in pixels.
    package static let maximumSide = 32768

    /// Why an output `width` by `height` pixels cannot be drawn, or nil: `the output would be
    /// WxH pixels; each side must be 1 to 32768`.
    package static func problem(width: Double, height: Double) -> String? {
        let sides = 1...Double(maximumSide)
        guard !sides.contains(width.rounded()) || !sides.contains(height.rounded()) else { return nil }
        let size = [width, height].map { String(format: "%.0f", $0.rounded()) }.joined(separator: "x")
        return "the output would be \(size) pixels; each side must be 1 to \(maximumSide)"
    }
}
