import Foundation
import LightboxFormats
import LightboxGeometry
import LightboxRender

/// The board values given as options, which win over a layout file's: size, card width, scale,
/// background, a dragged card and Reduce Motion.
///
/// `--device` gives the board's size and scale; `--size` and `--scale` win over it.
struct BoardOverrides: Sendable {
    let board: CGSize?
    let cardWidth: CGFloat?
    let scale: Double?
    let background: BoardBackground?
    let dragging: BoardDrag?
    let reduceMotion: Bool

    /// The smallest card width that leaves room for the padding and a photo; narrower ones are drawn, with a warning.
    static let minimumCardWidth: CGFloat = 20

    /// The card widths read: any finite number up to 10,000 (the seed draws `max(width, 1)`).
    static let cardWidths = -Double.greatestFiniteMagnitude...10_000

    /// The largest board side, in points.
    static let maximumSide: CGFloat = 100_000

    /// Reads the options, each bad value a usage error naming its option.
    init(_ parsed: ParsedCommand) throws(UsageError) {
        let device = try DeviceOptions.device(parsed.value("device"), path: BoardOptions.path)
        board =
            try parsed.value("size").map { text throws(UsageError) in try BoardOverrides.size(text) } ?? device?.screen
        cardWidth = try BoardOverrides.number(parsed.value("card-width"), "card-width", in: BoardOverrides.cardWidths)
            .map { CGFloat($0) }
        scale =
            try BoardOverrides.number(parsed.value("scale"), "scale", in: 0.01...BoardOptions.maximumScale)
            ?? device.map { Double($0.scale) }
        dragging = try parsed.value("dragging").map { text throws(UsageError) in try BoardOverrides.drag(text) }
        reduceMotion = parsed.flag("reduce-motion")
        if let spec = parsed.value("background") {
            guard let background = BoardBackground.parse(spec) else {
                throw BoardOptions.usage(
                    "--background '\(spec)': \(ColourGrammar.expected), TOP:BOTTOM or an image path")
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
        if let dragging { result.dragging = dragging }
        if reduceMotion { result.reduceMotion = true }
        return result
    }

    /// Reads `--dragging ID:DX,DY`: the id is everything before the last colon (ids are often paths).
    static func drag(_ text: String) throws(UsageError) -> BoardDrag {
        guard let colon = text.lastIndex(of: ":"), colon != text.startIndex,
            let (dx, dy) = ViewValueParser.pair(String(text[text.index(after: colon)...]), separator: ","),
            abs(dx) <= maximumSide, abs(dy) <= maximumSide
        else {
            throw BoardOptions.usage(
                "--dragging '\(text)': expected ID:DX,DY with the translation in points, such as Oslo:40,-20")
        }
        return BoardDrag(id: String(text[..<colon]), translation: CGSize(width: dx, height: dy))
    }

    /// Reads `WxH` in points, both sides positive.
    static func size(_ text: String) throws(UsageError) -> CGSize {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        let values = parts.compactMap { Double($0) }
        guard parts.count == 2, values.count == 2,
            values.allSatisfy({ $0.isFinite && $0 > 0 && $0 <= Double(maximumSide) })
        else {
            throw BoardOptions.usage("--size '\(text)': expected WxH in points, such as 600x800")
        }
        return CGSize(width: values[0], height: values[1])
    }

    /// The number given for `--name`, within `range`.
    /// `from A to B`, or `up to B` for a range open below.
    static func describe(_ range: ClosedRange<Double>) -> String {
        let upper = JSONValue.number(range.upperBound)
        return range.lowerBound == -Double.greatestFiniteMagnitude
            ? "up to \(upper)" : "from \(JSONValue.number(range.lowerBound)) to \(upper)"
    }

    private static func number(
        _ text: String?, _ name: String, in range: ClosedRange<Double>
    ) throws(UsageError) -> Double? {
        guard let text else { return nil }
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            throw BoardOptions.usage("--\(name) '\(text)': expected a number \(BoardOverrides.describe(range))")
        }
        return value
    }
}
