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
        /// Make the crop square in pixels (`CropSquare`; an upright box in its own frame).
        package let square: Bool
        /// Save options written in the output's name (`[Q=90]`), applied after the writer's own.
        package let saverSettings: SaverSettings
        /// The oriented box, polygon or mask the rect came from; nil for a plain rect.
        package let shape: CropShape?
        /// How the crop is cut: the rect as it is (the default), upright, masked or lossless.
        package let cut: CropCut

        /// Makes an item.
        package init(
            rect: CGRect, output: String, square: Bool = false, saverSettings: SaverSettings = SaverSettings(),
            shape: CropShape? = nil,
            cut: CropCut = .bounds
        ) {
            self.rect = rect
            self.output = output
            self.square = square
            self.saverSettings = saverSettings
            self.shape = shape
            self.cut = cut
        }

        /// The writer of this item's output: `writer` with the item's own save options.
        func writer(_ writer: AtomicWriter) -> AtomicWriter {
            guard !saverSettings.isEmpty else { return writer }
            var options = writer.options
            options.saverSettings = saverSettings
            return AtomicWriter(options: options, roots: writer.roots, warn: writer.warn)
        }
    }

    /// The writer for outputs.
    package let writer: AtomicWriter
    /// The smallest side a crop may have, if any.
    package let minimumSide: CropRect.MinimumSide?
    /// libvips' `fail_on` for loading.
    package let failOn: FailOn
    /// The most pixels an input may declare (0: no limit).
    package let maxPixels: Int
    /// The size every crop is resampled to (`--resize`), if any.
    package let resize: CropResize?

    /// Makes a cropper.
    package init(
        writer: AtomicWriter, minimumSide: CropRect.MinimumSide? = nil, failOn: FailOn = .standard,
        maxPixels: Int = SourceImage.defaultMaxPixels, resize: CropResize? = nil
    ) {
        self.writer = writer
        self.minimumSide = minimumSide
        self.failOn = failOn
        self.maxPixels = maxPixels
        self.resize = resize
    }

    /// Crops `input` into every item (or only plans them when `dryRun`), one outcome per item.
    ///
    /// `each` gets every item's final outcome as soon as it is known (a crop just written, a rect
    /// refused), once per item, so a caller can report finished work before the input is done.
    package func run(
        input: String, items: [Item], dryRun: Bool, opened: ((width: Int, height: Int)) -> Void = { _ in },
        each: (Int, CropOutcome) -> Void = { _, _ in }
    ) -> [CropOutcome] {
        var reported = Set<Int>()
        let outcomes = crop(input: input, items: items, dryRun: dryRun, opened: opened) { index, outcome in
            if reported.insert(index).inserted { each(index, outcome) }
        }
        for (index, outcome) in outcomes.enumerated() where reported.insert(index).inserted { each(index, outcome) }
        return outcomes
    }

    /// The work of `run`; `opened` gets the displayed size once the header is read, `each` the
    /// outcomes final before the end.
    private func crop(
        input: String, items: [Item], dryRun: Bool, opened: ((width: Int, height: Int)) -> Void,
        each: (Int, CropOutcome) -> Void
    ) -> [CropOutcome] {
        var outcomes = items.map { CropOutcome(input: input, output: $0.output, rect: $0.rect) }
        let source: SourceImage
        do {
            source = try SourceImage(path: input, crops: dryRun ? 1 : items.count, failOn: failOn, maxPixels: maxPixels)
        } catch {
            return Cropper.failed(outcomes, with: error)
        }
        opened(source.displayedSize)
        let frames = plan(&outcomes, items: items, size: source.displayedSize)
        let lossless = planLossless(&outcomes, items: items, source: source)
        guard !dryRun else { return outcomes }
        for (index, outcome) in outcomes.enumerated() where outcome.error != nil { each(index, outcome) }
        let cropper: SourceImage
        do { cropper = try shrunk(source, items: items) } catch {
            return Cropper.failed(outcomes, with: error)
        }
        let rects = outcomes.indices.compactMap { index in
            let decoded = outcomes[index].error == nil && frames[index] == nil && lossless[index] == nil
            return decoded ? cropper.pixels(of: outcomes[index].rect) : nil
        }
        let heif = HEIFTileCrops.plan(source: cropper, rects: rects)
        let regions: (any CropRegions)? = RegionCrops(source: cropper, rects: rects) ?? heif.crops
        let direct = DirectJPEG(regions: regions, resize: resize, writer: writer)
        // The first read error found while writing is the input's: its other crops fail with it, unprinted.
        var damage: RenderError?
        // The input's warnings are said with the first crop written despite them, and again only when more came.
        var said = DecoderWarnings()
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
                    items[index], from: cropper, regions, direct: direct, outcome: outcomes[index],
                    frame: frames[index], lossless: lossless[index])
                outcomes[index].loadShrink = cropper.loadShrink
                // `--resize` writes exactly its target, whatever the fit: the size on disk.
                if let resize { outcomes[index].outputSize = ImageSize(width: resize.width, height: resize.height) }
                if outcomes[index].decoder == .libvips { outcomes[index].fallback = heif.fallback }
                outcomes[index].warnings = DecoderWarnings.sinceOpened()
                outcomes[index].repeatsInputWarnings = outcomes[index].warnings == said
                said = outcomes[index].warnings
            } catch {
                outcomes[index].error = error
                if error.path == input { damage = error }
            }
            outcomes[index].milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            each(index, outcomes[index])
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

    /// Fills in each outcome's displayed size, rect (squared when asked) and pixels, and its
    /// minimum-side error; returns the frames of the oriented boxes cut upright, by item.
    private func plan(
        _ outcomes: inout [CropOutcome], items: [Item], size: (width: Int, height: Int)
    ) -> [Int: BoxFrame] {
        var frames: [Int: BoxFrame] = [:]
        for index in outcomes.indices {
            outcomes[index].image = ImageSize(width: size.width, height: size.height)
            do throws(RenderError) {
                if let frame = try planShape(&outcomes[index], item: items[index], size: size) {
                    frames[index] = frame
                    continue
                }
                let rect = outcomes[index].rect
                let pixels = outcomes[index].pixels ?? CropRect.pixels(of: rect, width: size.width, height: size.height)
                outcomes[index].pixels = pixels
                do throws(CropRect.Problem) {
                    if let minimumSide { try CropRect.require(minimumSide, rect: rect, pixels: pixels) }
                } catch {
                    throw RenderError(outcomes[index].input, "rect \(index + 1): \(error.description)")
                }
            } catch {
                outcomes[index].error = error
            }
        }
        return frames
    }

    /// The source to cut from: a HEIF file's embedded thumbnail when it has every crop's pixels,
    /// else shrunk on load (JPEG, WebP) as far as every item's resize allows.
    private func shrunk(_ source: SourceImage, items: [Item]) throws(RenderError) -> SourceImage {
        guard let resize, !items.contains(where: { $0.cut.lossless || $0.cut.isUpright($0.shape) }) else {
            return source
        }
        let size = source.displayedSize
        let crops = items.map { item in
            item.square
                ? CropSquare(item.rect, width: size.width, height: size.height).pixels : source.pixels(of: item.rect)
        }
        let allowed = crops.map(resize.allowedShrink).min() ?? 1
        if let thumbnail = SourceImage(thumbnailOf: source, allowed: allowed, failOn: failOn) { return thumbnail }
        let shrink = crops.map(resize.loadShrink).min() ?? 1
        return shrink > 1 ? try SourceImage(shrinking: source, by: shrink, failOn: failOn) : source
    }

    /// A crop resampled to `--resize` when it is asked for.
    func resized(_ image: VImage, from source: SourceImage) throws(RenderError) -> VImage {
        guard let resize else { return image }
        return try RenderError.catching(source.path) { () throws(VipsError) in try resize.apply(image) }
    }

    /// Writes the crop `pixels` of `source` (perhaps shrunk on load), finished by `finish` (a
    /// mask) and resampled to `--resize` when asked, to `output` with `writer`, and names the
    /// decoder that served it: the JPEG region decoder, the HEIF tile path or libvips. A read failure of either (damage, or any warning) redoes the crop
    /// through libvips, whose `fail_on` policy and error texts then decide, as they did before.
    func write(
        _ source: SourceImage, _ regions: (any CropRegions)?, _ pixels: PixelRect, to output: String,
        with writer: AtomicWriter,
        finish: (VImage) throws(VipsError) -> VImage = { $0 }
    ) throws(RenderError) -> PixelDecoder {
        if let regions, let image = regions.upright(pixels) {
            do {
                let finished = try RenderError.catching(source.path) { () throws(VipsError) in try finish(image) }
                try writer.write(try resized(finished, from: source), to: output, input: source.path)
                return regions.decoder
            } catch  where error.path != source.path {
                throw error
            } catch {}
        }
        let upright = try source.upright(pixels)
        let finished = try RenderError.catching(source.path) { () throws(VipsError) in try finish(upright) }
        try writer.write(try resized(finished, from: source), to: output, input: source.path)
        return .libvips
    }
}
