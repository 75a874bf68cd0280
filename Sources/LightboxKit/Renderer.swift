import Foundation
import LightboxGeometry
import LightboxRender

/// Renders crops, viewer snapshots and boards in this process, as `lightbox crop`, `view` and `board` do.
///
/// Each output is written atomically (a temp file in the same folder, then a rename): a reader
/// never sees a partial file, an output is never one of its inputs, and an existing output is
/// refused unless `save.replaceExisting`. Inputs are untrusted: a file whose header declares more
/// than `maxPixels` is refused before any pixel is decoded, and a damaged file is an error.
/// A renderer holds only its options; share one between threads.
public struct Renderer: Sendable {
    /// How outputs are written.
    public var save: SaveOptions
    /// The most pixels an input's header may declare (0: no limit).
    public var maxPixels: Int

    /// Makes a renderer; by default inputs over 250 megapixels are refused, as on the command line.
    public init(save: SaveOptions = SaveOptions(), maxPixels: Int = 250_000_000) {
        self.save = save
        self.maxPixels = maxPixels
    }

    /// Crops the input into every crop, decoding it once; one result per crop, in order.
    ///
    /// Nothing throws: a crop that fails carries its error (a rect that is not finite or lies
    /// outside the photo, an output that exists) and the others are still written; an input that
    /// cannot be read fails every crop with the same error.
    public func crop(_ request: CropRequest) -> [CropResult] {
        var results = request.crops.map { CropResult(output: $0.output) }
        let options: LightboxRender.SaveOptions
        do {
            options = try save.rendered(pictures: false, output: request.input)
        } catch {
            return results.map { LightboxError($0.output, error.reason) }.map { error in
                var failed = CropResult(output: error.path)
                failed.error = error
                return failed
            }
        }
        var items: [Cropper.Item] = []
        var places: [Int] = []
        for (index, crop) in request.crops.enumerated() {
            do throws(CropRect.Problem) {
                items.append(Cropper.Item(rect: try CropRect.check(crop.rect).rect, output: crop.output))
                places.append(index)
            } catch {
                results[index].error = LightboxError(request.input, "rect \(index + 1): \(error.description)")
            }
        }
        guard !items.isEmpty else { return results }
        let cropper = Cropper(writer: AtomicWriter(options: options), maxPixels: maxPixels)
        for (place, outcome) in zip(places, cropper.run(input: request.input, items: items, dryRun: false)) {
            results[place].error = outcome.error.map(LightboxError.init)
            results[place].pixels = outcome.error == nil ? outcome.pixels.map(Renderer.rect) : nil
        }
        return results
    }

    /// A pixel rect as a `CGRect` of whole numbers.
    static func rect(_ pixels: PixelRect) -> CGRect {
        CGRect(x: pixels.left, y: pixels.top, width: pixels.width, height: pixels.height)
    }
}
