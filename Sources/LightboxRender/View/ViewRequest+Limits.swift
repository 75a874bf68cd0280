import Foundation

/// The snapshot sizes a viewer state can be rendered at, shared by the command line and LightboxKit.
extension ViewRequest {
    /// Why a screen at a scale gives no snapshot Lightbox writes in `format`, or nil: the
    /// snapshot is round(W*K) by round(H*K) pixels, within `OutputLimit` (without the output's name).
    package static func sizeProblem(screen: CGSize, scale: CGFloat, format: OutputFormat?) -> String? {
        OutputLimit.problem(
            width: Double(screen.width * scale), height: Double(screen.height * scale), format: format)
    }
}
