import Foundation
import LightboxGeometry
import Vips

/// Crops one input into many outputs from normalized rects, decoding the input once.
package struct Cropper: Sendable {
    /// One requested crop: a checked normalized rect and its output path.
    package struct Item: Sendable {
        /// The sanitized normalized rect.
        package let rect: CGRect
        /// Where the crop goes.
        package let output: String
        /// Grow the short side (in pixels) to make the crop square.
        package let square: Bool

        /// Makes an item.
        package init(rect: CGRect, output: String, square: Bool = false) {
            self.rect = rect
            self.output = output
            self.square = square
        }
    }

    /// The writer for outputs.
    package let writer: AtomicWriter
    /// The smallest side a crop may have, if any.
    package let minimumSide: CropRect.MinimumSide?
    /// libvips' `fail_on` for loading.
    package let failOn: String
    /// The most pixels an input may declare (0: no limit).
    package let maxPixels: Int
    /// The size every crop is resampled to (`--resize`), if any.
    package let resize: CropResize?

    /// Makes a cropper.
    package init(
        writer: AtomicWriter, minimumSide: CropRect.MinimumSide? = nil, failOn: String = "truncated",
        maxPixels: Int = SourceImage.defaultMaxPixels, resize: CropResize? = nil
    ) {
        self.writer = writer
        self.minimumSide = minimumSide
        self.failOn = failOn
        self.maxPixels = maxPixels
        self.resize = resize
    }

    /// Crops `input` into every item (or only plans them when `dryRun`), one outcome per item.
    package func run(input: String, items: [Item], dryRun: Bool) -> [CropOutcome] {
        var outcomes = items.map { CropOutcome(input: input, output: $0.output, rect: $0.rect) }
        let source: SourceImage
        do {
            source = try SourceImage(path: input, crops: dryRun ? 1 : items.count, failOn: failOn, maxPixels: maxPixels)
        } catch {
            return Cropper.failed(outcomes, with: error)
        }
        plan(&outcomes, items: items, size: source.displayedSize)
        guard !dryRun else { return predicted(outcomes, input: input) }
        let cropper: SourceImage
        do { cropper = try shrunk(source, items: items) } catch {
            return Cropper.failed(outcomes, with: error)
        }
        let rects = outcomes.compactMap { $0.error == nil ? cropper.pixels(of: $0.rect) : nil }
        let regions: (any CropRegions)? =
            RegionCrops(source: cropper, rects: rects) ?? HEIFTileCrops(source: cropper, rects: rects)
        // The first read error found while writing is the input's: its other crops fail with it, unprinted.
        var damage: RenderError?
        for index in outcomes.indices where outcomes[index].error == nil {
            guard outcomes[index].pixels != nil else { continue }
            if let damage {
                outcomes[index].error = damage
                outcomes[index].repeatsInputError = true
                continue
            }
            let start = DispatchTime.now().uptimeNanoseconds
            do {
                outcomes[index].decoder = try write(
                    cropper, regions, cropper.pixels(of: outcomes[index].rect), to: items[index].output)
                outcomes[index].loadShrink = cropper.loadShrink
            } catch {
                outcomes[index].error = error
                if error.path == input { damage = error }
            }
            outcomes[index].milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }
        return outcomes
    }

    /// Every outcome failed with the input's `error`, reported once: the others repeat it, unprinted.
    static func failed(_ outcomes: [CropOutcome], with error: RenderError) -> [CropOutcome] {
        outcomes.indices.map { index in
            var failed = outcomes[index]
            failed.error = error
            failed.repeatsInputError = index > 0
            return failed
        }
    }

    /// Fills in each outcome's displayed size, rect (squared when asked) and pixels, and its minimum-side error.
    private func plan(_ outcomes: inout [CropOutcome], items: [Item], size: (width: Int, height: Int)) {
        for index in outcomes.indices {
            outcomes[index].image = size
            let rect =
                items[index].square
                ? CropRect.squared(items[index].rect, width: size.width, height: size.height) : items[index].rect
            outcomes[index].rect = rect
            let pixels = CropRect.pixels(of: rect, width: size.width, height: size.height)
            outcomes[index].pixels = pixels
            do {
                if let minimumSide { try CropRect.require(minimumSide, rect: rect, pixels: pixels) }
            } catch {
                outcomes[index].error = RenderError(outcomes[index].input, "rect \(index + 1): \(error.description)")
            }
        }
    }

    /// A dry run's outcomes with the failures the writes would meet (an existing output, a folder that cannot be made).
    private func predicted(_ outcomes: [CropOutcome], input: String) -> [CropOutcome] {
        outcomes.map { outcome in
            guard outcome.error == nil else { return outcome }
            var planned = outcome
            do throws(RenderError) {
                try OutputPath.check(outcome.output, inputs: [input], force: writer.options.force, makeFolder: false)
            } catch {
                planned.error = error
            }
            return planned
        }
    }

    /// The source to cut from: a HEIF file's embedded thumbnail when it has every crop's pixels,
    /// else shrunk on load (JPEG, WebP) as far as every item's resize allows.
    private func shrunk(_ source: SourceImage, items: [Item]) throws(RenderError) -> SourceImage {
        guard let resize else { return source }
        let size = source.displayedSize
        let crops = items.map { item in
            source.pixels(
                of: item.square ? CropRect.squared(item.rect, width: size.width, height: size.height) : item.rect)
        }
        let allowed = crops.map(resize.allowedShrink).min() ?? 1
        if let thumbnail = SourceImage(thumbnailOf: source, allowed: allowed, failOn: failOn) { return thumbnail }
        let shrink = crops.map(resize.loadShrink).min() ?? 1
        return shrink > 1 ? try SourceImage(shrinking: source, by: shrink, failOn: failOn) : source
    }

    /// A crop resampled to `--resize` when it is asked for.
    private func resized(_ image: VImage, from source: SourceImage) throws(RenderError) -> VImage {
        guard let resize else { return image }
        return try RenderError.catching(source.path) { () throws(VipsError) in try resize.apply(image) }
    }

    /// Writes the crop `pixels` of `source` (perhaps shrunk on load), resampled to `--resize`
    /// when asked, to `output` and names the decoder that served it: "region" (the JPEG region
    /// decoder), "heif-tiles" (the HEIF tile path) or "libvips". A read failure of either
    /// (damage, or any warning) redoes the crop through libvips, whose `fail_on` policy and
    /// error texts then decide, as they did before.
    private func write(
        _ source: SourceImage, _ regions: (any CropRegions)?, _ pixels: PixelRect, to output: String
    ) throws(RenderError) -> String {
        if let regions, let image = regions.upright(pixels) {
            do {
                try writer.write(try resized(image, from: source), to: output, input: source.path)
                return regions.decoderName
            } catch  where error.path != source.path {
                throw error
            } catch {}
        }
        try writer.write(try resized(try source.upright(pixels), from: source), to: output, input: source.path)
        return "libvips"
    }
}
