import Foundation
import LightboxGeometry
import LightboxRender

/// The board values given as options, which win over a layout file's: size, card width, scale, background.
struct BoardOverrides: Sendable {
    let board: CGSize?
    let cardWidth: CGFloat?
    let scale: Double?
    let background: BoardBackground?

    /// The smallest card width that leaves room for the padding and a photo.
    static let minimumCardWidth: CGFloat = 20

    /// The largest board side, in points.
    static let maximumSide: CGFloat = 100_000

    /// Reads the options, each bad value a usage error naming its option.
    init(_ parsed: ParsedCommand) throws(UsageError) {
        board = try parsed.value("size").map { text throws(UsageError) in try BoardOverrides.size(text) }
        cardWidth = try BoardOverrides.number(parsed.value("card-width"), "card-width", in: 20...10_000).map { CGFloat($0) }
        scale = try BoardOverrides.number(parsed.value("scale"), "scale", in: 0.01...BoardOptions.maximumScale)
        if let spec = parsed.value("background") {
            guard let background = BoardBackground.parse(spec) else {
                throw BoardOptions.usage("--background '\(spec)': \(ColourGrammar.expected), TOP:BOTTOM or an image path")
            }
            self.background = background
        } else {
            background = nil
        }
    }

    /// `plan` with every value given here put in place of its own.
    func applied(to plan: BoardPlan) -> BoardPlan {
        var result = plan
        if let board { result.board = board }
        if let cardWidth { result.cardWidth = cardWidth }
        if let scale { result.scale = scale }
        if let background { result.background = background }
        return result
    }

    /// Reads `WxH` in points, both sides positive.
    static func size(_ text: String) throws(UsageError) -> CGSize {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        let values = parts.compactMap { Double($0) }
        guard parts.count == 2, values.count == 2, values.allSatisfy({ $0.isFinite && $0 > 0 && $0 <= Double(maximumSide) }) else {
            throw BoardOptions.usage("--size '\(text)': expected WxH in points, such as 600x800")
        }
        return CGSize(width: values[0], height: values[1])
    }

    /// The number given for `--name`, within `range`.
    private static func number(_ text: String?, _ name: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let text else { return nil }
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            throw BoardOptions.usage("--\(name) '\(text)': expected a number from \(JSONValue.number(range.lowerBound)) to \(JSONValue.number(range.upperBound))")
        }
        return value
    }
}
