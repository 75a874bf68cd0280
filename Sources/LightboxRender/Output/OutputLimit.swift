import Foundation

/// The one size limit of every image Lightbox writes (a crop, a preview, a contact sheet, a
/// viewer snapshot or animation frame, a board): each side from 1 pixel to the most the format
/// holds, 32768 where it holds more, and one message for a size outside it.
///
/// WebP holds 16383 pixels a side (libwebp's `WEBP_MAX_DIMENSION`); HEIC and AVIF 16384, the
/// most libheif 1.15 reads back (its encoders write larger files that it then refuses). JPEG
/// (65500), GIF (65535), PNG and TIFF hold more than 32768, which keeps every output within what
/// libvips' savers and most viewers handle. The size is checked before any encoding
/// (`AtomicWriter`, `LosslessCut`), and where the command line, a layout or a manifest line
/// gives it, before any work.
package enum OutputLimit {
    /// The largest side of an output whose format holds more, in pixels.
    package static let maximumSide = 32768

    /// The largest side of an output in `format` (nil: a format not known yet), in pixels.
    package static func maximumSide(of format: OutputFormat?) -> Int {
        switch format {
        case .webp: 16383
        case .heic, .avif: 16384
        default: maximumSide
        }
    }

    /// Why an output of `width` by `height` pixels (rounded) in `format` cannot be written, or
    /// nil: `40000x4 is over the 16383 pixels a side a WebP can hold`.
    package static func problem(width: Double, height: Double, format: OutputFormat?) -> String? {
        let (across, down) = (width.rounded(), height.rounded())
        // Made only for a message: every crop of a dataset passes here.
        var size: String {
            [across, down].map { $0.isFinite ? String(format: "%.0f", $0) : "\($0)" }.joined(separator: "x")
        }
        guard across >= 1, down >= 1 else { return "\(size) has a side under 1 pixel" }
        let most = maximumSide(of: format)
        guard across > Double(most) || down > Double(most) else { return nil }
        return "\(size) is over the \(most) pixels a side \(holder(format))"
    }

    /// `problem` naming `output` first (`out.webp: 40000x4 is over ...`), for a message that
    /// does not name it already; the problem alone when there is no output name.
    package static func problem(output: String, width: Double, height: Double, format: OutputFormat?) -> String? {
        guard let problem = problem(width: width, height: height, format: format) else { return nil }
        return output.isEmpty ? problem : "\(output): \(problem)"
    }

    /// The OUTPUT SIZE section of `crop`, `view` and `board` help.
    package static let helpText = """
        OUTPUT SIZE:
          Every image written (a crop, preview, contact sheet, snapshot, board) is
          at most \(maximumSide) pixels a side, or its format's own limit where smaller:
          \(maximumSide(of: .webp)) for WebP, \(maximumSide(of: .heic)) for HEIC and AVIF (the most libheif reads back).
          The error names the output, its size and the limit. A size the command
          line gives (--resize; --screen and --scale; --size) exits 64 before any
          work, a layout's 65; a manifest line's, or a crop's known once its image
          is read, fails that item alone (exit 1).
        """

    /// What holds the limit: the format whose own it is, or Lightbox.
    private static func holder(_ format: OutputFormat?) -> String {
        switch format {
        case .webp: "a WebP can hold"
        case .heic: "a HEIC can hold"
        case .avif: "an AVIF can hold"
        default: "Lightbox writes"
        }
    }
}
