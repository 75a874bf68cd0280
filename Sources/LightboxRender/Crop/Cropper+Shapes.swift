import Foundation
import LightboxGeometry
import Vips

/// The cuts besides the plain rect: an oriented box upright, a shape masked, a JPEG lossless.
extension Cropper {
    /// Settles one outcome's rect for its shape and cut (squared when asked), or throws why the
    /// cut cannot be made; returns the pixel frame of an oriented box cut upright.
    func planShape(
        _ outcome: inout CropOutcome, item: Item, size: (width: Int, height: Int)
    ) throws(RenderError) -> BoxFrame? {
        if let conflict = item.cut.conflict(shape: item.shape) { throw RenderError(outcome.input, conflict) }
        if item.cut.lossless && resize != nil {
            throw RenderError(outcome.input, "a lossless cut cannot be resized (--resize re-encodes)")
        }
        guard case .oriented(let box) = item.shape else {
            squared(&outcome, rect: item.rect, square: item.square, size: size)
            return nil
        }
        guard item.cut.isUpright(item.shape) else {
            let rect: CGRect
            do { rect = try CropRect.check(box.bounds(width: size.width, height: size.height)).rect } catch {
                throw RenderError(outcome.input, "oriented box: \(error.description)")
            }
            squared(&outcome, rect: rect, square: item.square, size: size)
            return nil
        }
        var frame = box.frame(width: size.width, height: size.height)
        if item.square { frame = frame.squared() }
        try planUpright(&outcome, frame: frame, size: size)
        return frame
    }

    /// The outcome's rect and pixels: `rect`, or its square in pixels (`CropSquare`) when asked.
    private func squared(_ outcome: inout CropOutcome, rect: CGRect, square: Bool, size: (width: Int, height: Int)) {
        guard square else {
            outcome.rect = rect
            outcome.pixels = CropRect.pixels(of: rect, width: size.width, height: size.height)
            return
        }
        let squared = CropSquare(rect, width: size.width, height: size.height)
        (outcome.rect, outcome.pixels, outcome.squareShrunk) = (squared.rect, squared.pixels, squared.wasShrunk)
    }

    /// An upright box's outcome: its output size, and the part of the photo it holds as its rect.
    private func planUpright(
        _ outcome: inout CropOutcome, frame: BoxFrame, size: (width: Int, height: Int)
    ) throws(RenderError) {
        let output = frame.outputSize
        outcome.outputSize = ImageSize(width: output.width, height: output.height)
        let (w, h) = (Double(size.width), Double(size.height))
        let bounds = frame.bounds
        let left = min(max(Int(bounds.minX.rounded(.down)), 0), size.width)
        let top = min(max(Int(bounds.minY.rounded(.down)), 0), size.height)
        let right = min(max(Int(bounds.maxX.rounded(.up)), 0), size.width)
        let bottom = min(max(Int(bounds.maxY.rounded(.up)), 0), size.height)
        guard right > left, bottom > top else {
            throw RenderError(outcome.input, "the oriented box lies outside the image")
        }
        let pixels = PixelRect(left: left, top: top, width: right - left, height: bottom - top)
        outcome.pixels = pixels
        outcome.rect = CGRect(
            x: Double(left) / w, y: Double(top) / h, width: Double(pixels.width) / w, height: Double(pixels.height) / h)
        guard let minimumSide else { return }
        let sides = CGRect(x: 0, y: 0, width: Double(output.width) / w, height: Double(output.height) / h)
        do throws(CropRect.Problem) {
            try CropRect.require(
                minimumSide, rect: sides, pixels: PixelRect(left: 0, top: 0, width: output.width, height: output.height)
            )
        } catch {
            throw RenderError(outcome.input, "oriented box: \(error.description)")
        }
    }

    /// Snaps each lossless item's pixels to the JPEG's iMCU grid (read once per input) and
    /// reports the snapped pixels (the rect asked for stays in `rect`); returns the plans by item.
    func planLossless(
        _ outcomes: inout [CropOutcome], items: [Item], source: SourceImage
    ) -> [Int: LosslessCut.Plan] {
        let cutter = LosslessCut(writer: writer, failOn: failOn)
        let wanted = outcomes.indices.filter { items[$0].cut.lossless && outcomes[$0].error == nil }
        guard let first = wanted.first else { return [:] }
        let grid: LosslessGrid
        do { grid = try cutter.grid(of: source) } catch {
            for index in wanted {
                outcomes[index].error = error
                outcomes[index].repeatsInputError = index != first
            }
            return [:]
        }
        var plans: [Int: LosslessCut.Plan] = [:]
        for index in wanted {
            guard let pixels = outcomes[index].pixels else { continue }
            do throws(RenderError) {
                let plan = try cutter.plan(pixels, on: grid, input: source.path, output: items[index].output)
                outcomes[index].snapped = plan.displayed != pixels
                // `rect` stays the rect asked for; `pixels` (with `snapped`) says what was cut.
                outcomes[index].pixels = plan.displayed
                plans[index] = plan
            } catch {
                outcomes[index].error = error
            }
        }
        return plans
    }

    /// Writes one item by its cut and names what served its pixels: a lossless cut, or the decoder.
    func write(
        _ item: Item, from source: SourceImage, _ regions: (any CropRegions)?, direct: DirectJPEG?,
        outcome: CropOutcome, frame: BoxFrame?, lossless: LosslessCut.Plan?
    ) throws(RenderError) -> PixelDecoder {
        let writer = item.writer(self.writer)
        if let lossless {
            try LosslessCut(writer: writer, failOn: failOn).write(lossless, input: source.path, to: item.output)
            return .lossless
        }
        let format = try writer.format(of: item.output)
        let cut = item.cut
        if let frame {
            let (image, decoder) = try UprightCut.image(of: frame, from: source)
            let keepsAlpha = format.keepsAlpha && (cut.mask || source.stored.hasAlpha)
            let finished = try RenderError.catching(source.path) { () throws(VipsError) in
                keepsAlpha ? image : try ShapedPixels.flattened(image, onto: cut.background)
            }
            try writer.write(try resized(finished, from: source), to: item.output, input: source.path)
            return decoder
        }
        let pixels = source.pixels(of: outcome.rect)
        guard cut.mask, let shape = item.shape else {
            if let direct, try direct.write(item, pixels: pixels, format: format, input: source.path) { return .region }
            return try write(source, regions, pixels, to: item.output, with: writer)
        }
        let size = source.displayedSize
        return try write(source, regions, pixels, to: item.output, with: writer) { (image: VImage) throws(VipsError) in
            let mask = try ShapeMask.image(shape, rect: pixels, width: size.width, height: size.height)
            let masked = try ShapedPixels.masked(image, by: mask)
            return format.keepsAlpha ? masked : try ShapedPixels.flattened(masked, onto: cut.background)
        }
    }
}
