import Foundation
import LightboxFormats
import LightboxGeometry
import LightboxRender

/// A line's rect, turn and cut: the part of `CropPlanner.item` that every door shares with the
/// command line's `--rect`, `--angle`, `--oriented`, `--mask` and `--lossless`.
extension CropPlanner {
    /// A line's rect checked (clipped when a fraction partly outside and not turned), its shape
    /// (a turned rect) and its cut.
    package typealias Shaped = (rect: CGRect, clipped: Bool, shape: CropShape?, cut: CropCut)

    /// The rect, shape and cut of `entry` (line `entry.line` of `file`), its rect in `units`; a
    /// bad field is the line's problem, read as the command line's option reads it.
    func shape(
        of entry: ManifestEntry, units: RectUnits, file: String, warn: (String) -> Void
    ) -> Result<Shaped, BatchProblem> {
        func problem(_ field: String, _ message: String) -> Result<Shaped, BatchProblem> {
            .failure(BatchProblem(file, line: entry.line, field: field, message))
        }
        var degrees = angle
        if let text = entry.angle {
            guard let value = CropCutOptions.angle.read(text) else {
                return problem("angle", "'\(text)': \(CropCutOptions.angle.problem(with: text))")
            }
            degrees = value
        }
        var cut = settings.cut
        if let text = entry.oriented {
            guard let value = CropCutOptions.oriented.read(text) else {
                return problem("oriented", "'\(text)': \(CropCutOptions.oriented.problem(with: text))")
            }
            cut.oriented = value
        }
        (cut.mask, cut.lossless) = (entry.mask ?? cut.mask, entry.lossless ?? cut.lossless)
        let asked = RectRule.asked(
            entry.rect, written: hintsPixels ? RectRule.describe(entry.rect) : nil, units: units, degrees: degrees,
            strict: settings.strict)
        // A turned rect's problem comes before its cut's; any other's after them.
        if CropCutOptions.shape(entry.rect, degrees: degrees) != nil {
            switch asked {
            case .failure(let refusal): return problem("rect", refusal.reason)
            case .success(let turned):
                if let conflict = cut.conflict(shape: turned.shape) { return problem("lossless", conflict) }
                return .success((turned.rect, false, turned.shape, cut))
            }
        }
        if let conflict = cut.conflict(shape: nil) { return problem("lossless", conflict) }
        // A line's own mask or upright cut of a rect with no turn would change nothing, as --mask
        // and --oriented without --angle on the command line: refused the same way.
        if entry.mask == true { return problem("mask", "needs an angle (a rect without one has no shape to mask)") }
        if entry.oriented == CropCut.Oriented.upright.rawValue {
            return problem("oriented", "upright needs an angle (a rect without one is upright already)")
        }
        switch asked {
        case .failure(let refusal): return problem("rect", refusal.reason)
        case .success(let checked):
            if checked.clipped { warn(RectRule.clippedWarning(at: "\(file):\(entry.line)", to: checked.rect)) }
            return .success((checked.rect, checked.clipped, nil, cut))
        }
    }
}
