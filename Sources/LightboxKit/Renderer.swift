import Foundation
import LightboxFormats
import LightboxGeometry
import LightboxJobs
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
        guard case .crop(let results) = perform(.crop(request)) else { preconditionFailure("a crop gives crops") }
        return results
    }

    /// The crops of `request`, planned by the planner of every door (a crop `n` as a batch job's
    /// line `n`: its rect by `RectRule`, its output by `OutputRule`) and run as a job by `runner`.
    func crops(_ request: CropRequest, runner: JobRunner) -> [CropResult] {
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
        var planner = CropPlanner(
            settings: CropSettings(save: options, maxPixels: maxPixels), placement: OutputPlacement(outDir: nil),
            units: .fraction, preview: nil)
        planner.hintsPixels = false
        var items: [CropItem] = []
        var places: [String: Int] = [:]
        for (index, crop) in request.crops.enumerated() {
            let entry = ManifestEntry(input: request.input, rect: crop.rect, output: crop.output, line: index + 1)
            switch planner.item(entry, file: request.input, base: "", number: index + 1, fallback: nil, warn: { _ in })
            {
            case .failure(let problem):
                results[index].error = Renderer.error(problem, of: crop, in: request)
            case .success(var item):
                // The library's crops come from no file or line.
                item.origin = JobOrigin()
                items.append(item)
                if places[item.output] == nil { places[item.output] = index }
            }
        }
        guard !items.isEmpty else { return results }
        let job = CropJob(order: 0, input: request.input, items: items, settings: planner.settings)
        for record in records(.crop(job), runner: runner) {
            guard let place = record.output.flatMap({ places[$0] }) else { continue }
            results[place].error = record.cause.map(LightboxError.init)
            let pixels = record.status == .done ? record.crop?.pixels : nil
            results[place].pixels = pixels.map { CGRect(x: $0.left, y: $0.top, width: $0.width, height: $0.height) }
        }
        return results
    }

    /// The error of a crop the planner refused: `rect 2: ...` about the input, or about the
    /// output for its output's problem.
    static func error(_ problem: BatchProblem, of crop: CropRequest.Crop, in request: CropRequest) -> LightboxError {
        let field = problem.field ?? "output"
        let number = problem.line.map { " \($0)" } ?? ""
        return LightboxError(field == "output" ? crop.output : request.input, "\(field)\(number): \(problem.message)")
    }
}
