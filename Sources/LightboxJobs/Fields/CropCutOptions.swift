import Foundation
import LightboxArguments
import LightboxGeometry
import LightboxRender

/// `--oriented`, `--mask`, `--lossless` and `--angle`: how a crop is cut, declared once. The
/// first three are the keys `oriented`, `mask` and `lossless` of a manifest line or a batch crop
/// too (a line's own value wins), `--angle` the default of a line's `angle`; each value is read by
/// these options whichever door it came in by, so the messages are the same.
package enum CropCutOptions {
    /// `--oriented bounds|upright`.
    package static let oriented = Option<CropCut.Oriented>(
        "oriented", valueName: "cut",
        help:
            "Oriented boxes (YOLO OBB, a rect with an angle): bounds (default: the upright rect holding the box) or upright (the box's own width x height, turned level)."
    )
    /// `--mask`.
    package static let mask = Flag(
        "mask",
        help:
            "Keep only the inside of polygons, RLE masks and oriented boxes: transparent outside (PNG, WebP, TIFF...), --background in JPEG."
    )
    /// `--lossless`.
    package static let lossless = Flag(
        "lossless",
        help:
            "Cut a JPEG into a JPEG without re-encoding: the rect grows to the file's 8 or 16 pixel blocks (so a --square crop may not stay square)."
    )
    /// `--angle deg`.
    package static let angle = Option<Double>(
        "angle", valueName: "deg",
        help:
            "Turn each --rect (and manifest rects without an angle) deg degrees counter-clockwise about its centre: an oriented box.",
        in: -360...360)

    /// The group, in the order help lists it.
    package static let declared: [any OptionDeclaration] = [oriented, mask, lossless]

    /// The cut the command line asks for, flattening onto `background` (the crops' one colour);
    /// a cut that cannot be made of any crop is a usage error naming the option.
    package static func cut(_ parsed: ParsedCommand, background: [Double]) throws(UsageError) -> CropCut {
        let colour = BoardColor(red: background[0] / 255, green: background[1] / 255, blue: background[2] / 255)
        let cut = CropCut(
            oriented: try parsed.value(oriented, default: .bounds), mask: parsed.flag(mask),
            lossless: parsed.flag(lossless), background: colour)
        if let conflict = cut.conflict(shape: anyBox) { throw parsed.error("--lossless: \(conflict)") }
        if cut.lossless { try parsed.refuse(ResizeOptions.declared, with: "--lossless (it does not re-encode)") }
        return cut
    }

    /// The shape of `rect` turned `degrees`: nil for a whole number of turns, which is the rect itself.
    package static func shape(_ rect: CGRect, degrees: Double?) -> CropShape? {
        guard let degrees, degrees.truncatingRemainder(dividingBy: 360) != 0 else { return nil }
        return .oriented(OrientedBox(rect: rect, degrees: degrees))
    }

    /// Some oriented box, to ask whether a cut can be made of oriented boxes at all.
    private static let anyBox = CropShape.oriented(
        OrientedBox(rect: CGRect(x: 0, y: 0, width: 1, height: 1), degrees: 0))
}
