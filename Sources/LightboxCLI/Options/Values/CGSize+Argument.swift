import Foundation

/// A size `WxH` of finite numbers, such as `390x844`; each option states the sizes it takes.
extension CGSize: ArgumentValue {
    /// Reads `WxH` (or `WXH`).
    init?(argument: String) {
        guard let (width, height) = Pair.split(argument, separator: "x") else { return nil }
        self.init(width: width, height: height)
    }

    /// The form.
    static var expected: String { "expected WxH" }

    /// Whether both sides are above 0 and at most `limit`.
    func isPositive(upTo limit: CGFloat = .greatestFiniteMagnitude) -> Bool {
        width > 0 && height > 0 && width <= limit && height <= limit
    }
}
