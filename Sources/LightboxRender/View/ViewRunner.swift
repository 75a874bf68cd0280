import Foundation
import LightboxGeometry
import Vips

/// Renders a `lightbox view` request: opens the shown page's photo once, renders each frame, writes atomically.
package struct ViewRunner: Sendable {
    /// The writer for outputs.
    package let writer: AtomicWriter
    /// libvips' `fail_on` for loading.
    package let failOn: FailOn
    /// The most pixels an input may declare (0: no limit).
    package let maxPixels: Int
    /// libvips threads for resampling and writing a snapshot whose pixels were decoded first; nil
    /// leaves libvips' setting alone (a library caller's process).
    package let renderThreads: Int?

    /// Makes a runner.
    package init(
        writer: AtomicWriter, failOn: FailOn = .standard, maxPixels: Int = SourceImage.defaultMaxPixels,
        renderThreads: Int? = nil
    ) {
        self.writer = writer
        self.failOn = failOn
        self.maxPixels = maxPixels
        self.renderThreads = renderThreads
    }

    /// Renders and writes `request` (or only lays it out when `dryRun`).
    package func run(_ request: ViewRequest, dryRun: Bool) -> ViewOutcome {
        var outcome = ViewOutcome(request: request)
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            let source = try ViewportSource(path: outcome.input, failOn: failOn, maxPixels: maxPixels)
            let frames = frames(request)
            let layouts = frames.map { $0.state.layout(photo: source.displayedSize) }
            outcome.layout = layouts.first
            guard !dryRun else { return outcome }
            let (image, decoder, fallback, anyThreads) = try render(
                request, source: source, layouts: layouts, opacities: frames.map(\.opacity))
            outcome.fallback = decoder == .libvips ? fallback : nil
            try write(image, to: request.output, input: outcome.input, threads: anyThreads ? renderThreads : nil)
            outcome.decoder = decoder
            outcome.warnings = DecoderWarnings.sinceOpened()
        } catch {
            outcome.error = error
        }
        outcome.milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        return outcome
    }

    /// Writes `image`, resampled and encoded by `threads` libvips threads when given: its pixels are
    /// in memory already, so more threads change the time it takes and nothing else.
    private func write(_ image: VImage, to output: String, input: String, threads: Int?) throws(RenderError) {
        guard let threads, threads > 1 else { return try writer.write(image, to: output, input: input) }
        try Vips.withConcurrency(threads) { () throws(RenderError) in
            try writer.write(image, to: output, input: input)
        }
    }

    /// The frames to render: the snapshot, or one per frame of the animation.
    func frames(_ request: ViewRequest) -> [ViewFrame] {
        guard let animation = request.animation else { return [ViewFrame(request.state)] }
        return animation.frames(
            from: request.state, frames: request.frames, duration: request.duration, dismisses: request.dismisses
        )
    }

    /// Loads the pixels once, at the resolution the largest frame needs (a single snapshot of a
    /// JPEG: only the part it shows, by the region decoder; of a HEIF grid: only the tiles under
    /// it), and renders every frame; also names the decoder, and whether the snapshot may be
    /// written by any number of threads: its pixels were decoded into memory first, by this thread
    /// (in a worker, whatever its thread count, so a damaged file fails at the same step with one
    /// render thread or several; at most four times the output's pixels). Decoded by several
    /// threads, a damaged file's reason could depend on timing (a truncated JPEG said "Premature
    /// end of input file" with one and nothing with three).
    private func render(
        _ request: ViewRequest, source: ViewportSource, layouts: [ViewportLayout], opacities: [CGFloat]
    ) throws(RenderError) -> (VImage, PixelDecoder, String?, Bool) {
        let width = source.displayedSize.width
        let needed = layouts.map { $0.pixelsPerPhotoPixel(photoWidth: width) }.max() ?? 1
        let factor = ViewportSource.shrinkFactor(outputPerPixel: needed)
        var pixels: ViewportPixels
        var decoder = PixelDecoder.libvips
        let tiles: (pixels: ViewportPixels?, fallback: String?) =
            layouts.count == 1
            ? ViewportTiles.tried(source: source, factor: factor, layout: layouts[0])
            : (nil, source.tileDecodable ? "animation" : nil)
        if let shown = tiles.pixels {
            pixels = shown
            decoder = .heifTiles
        } else {
            pixels = try source.pixels(outputPerPixel: needed, once: layouts.count == 1)
            if layouts.count == 1, let shown = ViewportRegion.pixels(pixels, source: source, layout: layouts[0]) {
                pixels = shown
                decoder = .region
            }
        }
        var anyThreads = false
        if renderThreads != nil {
            let limit = 4 * (layouts.map { $0.pixelWidth * $0.pixelHeight }.max() ?? 0)
            let shown = pixels
            let decode = { () throws(VipsError) in try shown.decodedNow(maxPixels: limit) }
            if let now = try Vips.withConcurrency(
                1, { () throws(RenderError) in try RenderError.catching(source.path, decode) })
            {
                pixels = now
                anyThreads = true
            }
        }
        let chrome = request.chrome ? ViewChrome(page: request.shownPage, count: request.inputs.count) : nil
        let renderer = ViewportRenderer(under: request.under)
        return try RenderError.catching(source.path) { () throws(VipsError) in
            var frames = try zip(layouts, opacities).map { (layout, opacity) throws(VipsError) in
                try renderer.render(pixels, layout: layout, chrome: chrome, opacity: opacity)
            }
            guard request.animation != nil, let first = layouts.first else {
                return (frames[0], decoder, tiles.fallback, anyThreads)
            }
            if frames.contains(where: \.hasAlpha) {
                frames = try frames.map { (frame) throws(VipsError) in
                    frame.hasAlpha ? frame : try frame.appendingBands([255])
                }
            }
            let delays = ViewAnimation.delays(
                frames: frames.count, duration: request.duration,
                unit: writer.options.format(of: request.output) == .gif ? 10 : 1)
            let joined = try VImage.joined(frames).settingMetadata(
                ints: [("page-height", first.pixelHeight), ("loop", 0)], arrays: [("delay", delays)])
            return (joined, decoder, tiles.fallback, anyThreads)
        }
    }
}
