import Foundation

/// The snapshot sizes a viewer state can be rendered at, shared by the command line and LightboxKit.
extension ViewRequest {
    /// The largest snapshot side, in output pixels.
    package static let maximumSide = 32768

    /// The snapshot's sides in pixels, round(W*K) by round(H*K), for a screen and scale.
    package static func pixelSides(screen: CGSize, scale: CGFloat) -> [CGFloat] {
        [screen.width * scale, screen.height * scale].map { $0.rounded() }
    }

    /// Why a screen at a scale gives no snapshot Lightbox draws (a side under 1 or over `maximumSide`), or nil.
    ///
    /// The text follows the names the caller gives the two values: "`screen times scale` gives ...".
    package static func sizeProblem(screen: CGSize, scale: CGFloat) -> String? {
        let sides = pixelSides(screen: screen, scale: scale)
        guard sides.allSatisfy({ $0 >= 1 && $0 <= CGFloat(maximumSide) }) else {
            let size = sides.map { String(format: "%.0f", Double($0)) }.joined(separator: "x")
            return "gives \(size) pixels; each side must be 1 to \(maximumSide)"
        }
        return nil
    }
}
