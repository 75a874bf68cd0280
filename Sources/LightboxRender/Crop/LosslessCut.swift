import Foundation
import LightboxGeometry
import Vips

/// A JPEG crop written without re-encoding (`CropCut.lossless`): the rect grown outward to the
/// file's iMCU grid, cut and turned upright in the DCT domain (`JPEGCut`), so the output's
/// coefficients and quantization tables are the input's. Metadata follows the save options as
/// for every crop: the ICC profile kept, the rest only with `--keep-metadata` (EXIF made upright).
struct LosslessCut {
    /// One planned cut: the stored rect cut, the displayed rect it shows, the turn.
    struct Plan {
        /// The stored pixels cut, on the iMCU grid.
        let stored: PixelRect
        /// The displayed rect the output shows (the asked rect snapped).
        let displayed: PixelRect
        /// The DCT-domain steps that turn the stored blocks upright.
        let steps: (transpose: Bool, flipX: Bool, flipY: Bool)
    }

    /// The writer for outputs.
    let writer: AtomicWriter
    /// libvips' `fail_on`: "none" lets damaged data through, as libvips would decode it.
    let failOn: FailOn

    /// The iMCU grid of `source`'s JPEG, read from its header; the error names the input.
    func grid(of source: SourceImage) throws(RenderError) -> LosslessGrid {
        guard source.loader == "VipsForeignLoadJpegFile" else {
            throw RenderError(source.path, "a lossless cut needs a JPEG input (crop without --lossless to re-encode)")
        }
        let cut = try open(source.path)
        return LosslessGrid(
            width: cut.width, height: cut.height, blockWidth: cut.blockWidth, blockHeight: cut.blockHeight,
            orientation: source.orientation)
    }

    /// The cut of the displayed `pixels` on `grid`, written to `output`; the error names what is at fault.
    func plan(_ pixels: PixelRect, on grid: LosslessGrid, input: String, output: String) throws(RenderError) -> Plan {
        guard (try? writer.format(of: output)) == .jpeg else {
            throw RenderError(output, "a lossless cut writes JPEG: name the output .jpg or .jpeg")
        }
        guard let stored = grid.storedCut(of: pixels) else {
            throw RenderError(
                input,
                "the rect \(pixels) lies in the partial edge blocks that turning the photo upright without re-encoding drops"
            )
        }
        let displayed = grid.displayed(stored)
        if let problem = OutputLimit.problem(
            width: Double(displayed.width), height: Double(displayed.height), format: .jpeg)
        {
            throw RenderError(output, problem)
        }
        return Plan(stored: stored, displayed: displayed, steps: grid.steps)
    }

    /// Opens the JPEG at `path` for a cut.
    private func open(_ path: String) throws(RenderError) -> JPEGCut {
        do {
            return try JPEGCut(path: path, keepMetadata: !writer.options.strip, lenient: failOn == FailOn.none)
        } catch {
            switch error {
            case .unsupported(let reason):
                throw RenderError(path, "cannot cut losslessly: \(reason) (crop without --lossless to re-encode)")
            case .failed(let reason), .output(let reason):
                throw RenderError(path, reason)
            }
        }
    }

    /// Writes `plan` to `output` (atomically, as every output); a failure to write names the
    /// output (`cannot write the output: No space left on device`), any other the input.
    func write(_ plan: Plan, input: String, to output: String) throws(RenderError) {
        let cut = try open(input)
        try writer.writeFile(to: output, format: .jpeg) { (temp: String) throws(RenderError) in
            do throws(JPEGCut.Failure) {
                try cut.write(
                    to: temp, left: plan.stored.left, top: plan.stored.top, width: plan.stored.width,
                    height: plan.stored.height, steps: plan.steps, keepICC: !writer.options.stripICC)
            } catch {
                let reason = error.reason.replacingOccurrences(of: temp, with: output)
                if case .output = error { throw RenderError(output, reason) }
                throw RenderError(input, reason)
            }
        }
    }
}
