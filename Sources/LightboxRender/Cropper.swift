import Foundation
import LightboxGeometry

/// Crops one input into many outputs from normalized rects, decoding the input once.
public struct Cropper: Sendable {
    /// One requested crop: a checked normalized rect and its output path.
    public struct Item: Sendable {
        /// The sanitized normalized rect.
        public let rect: CGRect
        /// Where the crop goes.
        public let output: String
        /// Grow the short side (in pixels) to make the crop square.
        public let square: Bool

        /// Makes an item.
        public init(rect: CGRect, output: String, square: Bool = false) {
            self.rect = rect
            self.output = output
            self.square = square
        }
    }

    /// The writer for outputs.
    public let writer: AtomicWriter
    /// The smallest side a crop may have, if any.
    public let minimumSide: CropRect.MinimumSide?
    /// libvips' `fail_on` for loading.
    public let failOn: String
    /// The most pixels an input may declare (0: no limit).
    public let maxPixels: Int

    /// Makes a cropper.
    public init(writer: AtomicWriter, minimumSide: CropRect.MinimumSide? = nil, failOn: String = "truncated", maxPixels: Int = SourceImage.defaultMaxPixels) {
        self.writer = writer
        self.minimumSide = minimumSide
        self.failOn = failOn
        self.maxPixels = maxPixels
    }

    /// Crops `input` into every item (or only plans them when `dryRun`), one outcome per item.
    public func run(input: String, items: [Item], dryRun: Bool) -> [CropOutcome] {
        var outcomes = items.map { CropOutcome(input: input, output: $0.output, rect: $0.rect) }
        let source: SourceImage
        do {
            source = try SourceImage(path: input, crops: dryRun ? 1 : items.count, failOn: failOn, maxPixels: maxPixels)
        } catch {
            return outcomes.map { var failed = $0; failed.error = error; return failed }
        }
        let size = source.displayedSize
        for index in outcomes.indices {
            outcomes[index].image = size
            let rect = items[index].square ? CropRect.squared(items[index].rect, width: size.width, height: size.height) : items[index].rect
            outcomes[index].rect = rect
            let pixels = CropRect.pixels(of: rect, width: size.width, height: size.height)
            outcomes[index].pixels = pixels
            do {
                if let minimumSide {
                    try CropRect.require(minimumSide, rect: rect, pixels: pixels)
                }
            } catch {
                outcomes[index].error = RenderError(input, "rect \(index + 1): \(error.description)")
            }
        }
        guard !dryRun else { return outcomes }
        let regions = RegionCrops(source: source, rects: outcomes.compactMap { $0.error == nil ? $0.pixels : nil })
        // The first read error found while writing is the input's: its other crops fail with it, unprinted.
        var damage: RenderError?
        for index in outcomes.indices where outcomes[index].error == nil {
            guard let pixels = outcomes[index].pixels else { continue }
            if let damage {
                outcomes[index].error = damage
                outcomes[index].repeatsInputError = true
                continue
            }
            let start = DispatchTime.now().uptimeNanoseconds
            do {
                outcomes[index].decoder = try write(source, regions, pixels, to: items[index].output)
            } catch {
                outcomes[index].error = error
                if error.path == input { damage = error }
            }
            outcomes[index].milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }
        return outcomes
    }

    /// Writes the crop `pixels` of `source` to `output` and names the decoder that served it:
    /// "region" (the JPEG region decoder) or "libvips". A read failure of the region decoder
    /// (damage, or any warning) redoes the crop through libvips, whose `fail_on` policy and
    /// error texts then decide, as they did before the region decoder.
    private func write(_ source: SourceImage, _ regions: RegionCrops?, _ pixels: PixelRect, to output: String) throws(RenderError) -> String {
        if let image = regions?.upright(pixels) {
            do {
                try writer.write(image, to: output, input: source.path)
                return "region"
            } catch where error.path != source.path {
                throw error
            } catch {}
        }
        try writer.write(try source.upright(pixels), to: output, input: source.path)
        return "libvips"
    }
}
