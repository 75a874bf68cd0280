import Foundation
import LightboxArguments
import LightboxFormats
import LightboxGeometry
import LightboxRender

/// The board values `lightbox board` takes as options, each declared once with its type.
extension BoardOverrides {
    /// `--size WxH` in points, both sides positive and at most `maximumSide`.
    package static let size = Option<CGSize>(
        "size", valueName: "WxH", help: "The board's size in points, such as 600x800.",
        expected: "expected WxH in points, such as 600x800", where: { $0.isPositive(upTo: maximumSide) })
    /// `--card-width w`.
    package static let cardWidth = Option<Double>(
        "card-width", valueName: "w",
        help: "The card width in points, up to \(NumberText.short(cardWidths.upperBound)); under 1 is 1, as in the app "
            + "(default 150).",
        in: cardWidths)
    /// `--scale k`.
    package static let scale = Option<Double>(
        "scale", valueName: "k",
        help: "Output pixels per point, up to \(NumberText.short(BoardPlan.scales.upperBound)) (default 1).",
        in: BoardPlan.scales)
    /// `--background spec`.
    package static let background = Option<BoardBackground>(
        "background", valueName: "spec",
        help: "A colour (white, #rrggbb, r,g,b 0-255...), TOP:BOTTOM gradient, or an image path.")
    /// `--dragging ID:DX,DY`.
    package static let dragging = Option<BoardDrag>(
        "dragging", valueName: "ID:DX,DY",
        help: "The card being dragged and its translation in points (drawn lifted, on top).")
    /// `--reduce-motion`.
    package static let reduceMotion = Flag("reduce-motion", help: "Reduce Motion on: a dragged card does not lift.")
}
