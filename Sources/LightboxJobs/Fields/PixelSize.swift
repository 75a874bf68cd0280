import LightboxArguments

/// A size in whole pixels written `WxH` or `N` (N x N), such as `224x224` or `224`.
package struct PixelSize: ArgumentValue, Equatable {
    /// Pixels across.
    package let width: Int
    /// Pixels down.
    package let height: Int

    /// The largest side read; whether an output may be that large is `OutputLimit`'s to say,
    /// with the message every over-size output gets.
    package static let maximumSide = Int(Int32.max)

    /// Reads `WxH` or `N`, each side a whole number of pixels from 1.
    package init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 1 || parts.count == 2, let width = parts[0], let height = parts.last ?? nil,
            (1...PixelSize.maximumSide).contains(width), (1...PixelSize.maximumSide).contains(height)
        else { return nil }
        self.width = width
        self.height = height
    }

    /// The form.
    package static var expected: String {
        "expected WxH or N, whole pixels from 1 (such as 224x224 or 224)"
    }
}
