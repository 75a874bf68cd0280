import Foundation

/// What became of one crop: where it went, the pixels it took, or why it failed.
public struct CropResult: Sendable, Equatable {
    /// The output path, as requested.
    public let output: String
    /// The pixels cut from the upright photo (whole numbers), or nil when the crop failed.
    public internal(set) var pixels: CGRect?
    /// The failure, or nil when the output was written.
    public internal(set) var error: LightboxError?

    /// Makes the result of a crop before any work.
    init(output: String) {
        self.output = output
    }
}
