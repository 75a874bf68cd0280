import Foundation

/// The snapshot sizes a viewer state can be rendered at, shared by the command line and LightboxKit.
extension ViewRequest {
    /// The largest snapshot side, in output pixels.
    package static let maximumSide = 32768

    /// Why a screen at a scale gives no snapshot Lightbox draws, or nil: the snapshot is
    /// round(W*K) by round(H*K) pixels, each side 1 to `maximumSide`.
    ///
    /// The text follows the names the caller gives the two values: "`screen times scale` gives ...".
    package static func sizeProblem(screen: CGSize, scale: CGFloat) -> String? {
        let sides = [screen.width * scale, screen.height * scale].map { $0.rounded() }
        guard sides.allSatisfy({ $0 >= 1 && $0 <= CGFloat(maximumSide) }) else {
            let size = sides.map { String(format: "%.0f", Double($0)) }.joined(separator: "x")
            return "gives \(size) pixels; each side must be 1 to \(maximumSide)"
        }
        return nil
    }
}
