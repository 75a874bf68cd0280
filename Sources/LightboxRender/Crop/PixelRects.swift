import Foundation
import LightboxGeometry

/// Rects in pixels of the displayed image (`--units px`), made normalized per input, and the
/// hint for normalized rects that look like pixels.
package final class PixelRects {
    private var sizes: [String: Result<(Int, Int), RenderError>] = [:]

    /// Makes an empty cache of displayed sizes.
    package init() {}

    /// Whether a normalized rect looks like pixels: whole numbers from 0 to a million, one above 1.
    package static func looksLikePixels(_ rect: CGRect) -> Bool {
        let values = [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height].map { Double($0) }
        return values.contains { $0 > 1 } && values.allSatisfy { $0 >= 0 && $0 <= 1_000_000 && $0 == $0.rounded() }
    }

    /// The hint for such a rect, written as given.
    package static func hint(_ text: String) -> String {
        "\(text) looks like pixels; rects are 0 to 1, or use --units px"
    }

    /// How a clipped rect is shown to someone who gave it in pixels: `clipped to X,Y,W,H (the image is WxH)` in
    /// pixels of `input`'s displayed size (read by `normalized`), numbers in their short form.
    package func clippedText(_ rect: CGRect, input: String) -> String {
        guard case .success(let (width, height)) = sizes[input] else { return "clipped to \(NumberText.rect(rect))" }
        let pixels = CGRect(
            x: rect.minX * Double(width), y: rect.minY * Double(height), width: rect.width * Double(width),
            height: rect.height * Double(height))
        return "clipped to \(NumberText.rect(pixels)) (the image is \(width)x\(height))"
    }

    /// `rect` in pixels of `input` as displayed, normalized over its displayed size (read once per input).
    package func normalized(_ rect: CGRect, input: String) -> Result<CGRect, RenderError> {
        let size =
            sizes[input]
            ?? Result { () throws(RenderError) in
                let source = try SourceImage(path: input)
                return source.displayedSize
            }
        sizes[input] = size
        return size.map { width, height in
            CGRect(
                x: rect.minX / Double(width), y: rect.minY / Double(height), width: rect.width / Double(width),
                height: rect.height / Double(height))
        }
    }
}
