import Foundation
import LightboxArguments
import LightboxGeometry
import LightboxRender

/// The board values given as options, which win over a layout file's: size, card width, scale,
/// background, a dragged card and Reduce Motion.
///
/// `--device` gives the board's size and scale; `--size` and `--scale` win over it.
package struct BoardOverrides: Sendable {
    package let board: CGSize?
    package let cardWidth: CGFloat?
    package let scale: Double?
    package let background: BoardBackground?
    package let dragging: BoardDrag?
    package let reduceMotion: Bool

    /// The smallest card width that leaves room for the padding and a photo; narrower ones are drawn, with a warning.
    package static let minimumCardWidth: CGFloat = 20

    /// The card widths read: any finite number up to 10,000 (the seed draws `max(width, 1)`).
    package static let cardWidths = -Double.greatestFiniteMagnitude...10_000

    /// The largest board side, in points.
    package static let maximumSide = BoardPlan.maximumLength

    /// Reads the options, each bad value a usage error naming its option.
    package init(_ parsed: ParsedCommand) throws(UsageError) {
        let device = try parsed.value(DeviceOptions.device)
        board = try parsed.value(Self.size) ?? device?.screen
        cardWidth = try parsed.value(Self.cardWidth).map { CGFloat($0) }
        scale = try parsed.value(Self.scale) ?? device.map { Double($0.scale) }
        dragging = try parsed.value(Self.dragging)
        reduceMotion = parsed.flag(Self.reduceMotion)
        background = try parsed.value(Self.background)
    }

    /// `plan` with every value given here put in place of its own.
    package func applied(to plan: BoardPlan) -> BoardPlan {
        var result = plan
        if let board { result.board = board }
        if let cardWidth { result.cardWidth = cardWidth }
        if let scale { result.scale = scale }
        if let background { result.background = background }
        if let dragging { result.dragging = dragging }
        if reduceMotion { result.reduceMotion = true }
        return result
    }
}
