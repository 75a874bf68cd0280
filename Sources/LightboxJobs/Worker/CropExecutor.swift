import Foundation
import LightboxGeometry
import LightboxRender
import LightboxSystem

/// Runs one crop job where the pixels are (a worker, or a library caller's process): the input
/// opened through the roots (when the run has them), the checks that need the image (rects in
/// pixels, an annotation's frame, outputs `--resume` met unrecorded), the crops, each reported as
/// it is written, then the previews.
package struct CropExecutor: Sendable {
    /// Where warnings go.
    package let console: Console
    /// The roots every file must stay in; nil for none.
    package let roots: PathRoots?

    /// Makes an executor.
    package init(console: Console, roots: PathRoots? = nil) {
        self.console = console
        self.roots = roots
    }

    /// Runs `job`; `progress` gets the input's size once opened and each crop's report as it
    /// ends. Returns the previews the contact sheet asks for.
    package func run(_ job: CropJob, progress: (CropProgress) -> Void) -> [SheetPreview] {
        WorkerFault.inject(for: job.input, outputs: job.items.map(\.output))
        let pins: InputPins
        do {
            pins = try InputPins([job.input], roots: roots)
        } catch {
            for (index, item) in job.items.enumerated() {
                progress(
                    .report(
                        .refused(
                            index: index, rect: item.rect, units: item.units, reason: error.reason, image: nil,
                            printsError: index == 0)))
            }
            return []
        }
        defer { pins.release() }
        let pending = unskipped(job, progress: progress)
        guard !pending.isEmpty else { return [] }
        let (items, refused) = ImageRects(job: job, console: console).resolve(pending)
        for report in refused { progress(.report(report)) }
        guard !items.isEmpty else { return [] }
        let settings = job.settings
        let cropper = Cropper(
            writer: AtomicWriter(options: settings.save, roots: roots, warn: console.warning),
            minimumSide: settings.minimumSide,
            failOn: settings.failOn,
            maxPixels: settings.maxPixels, resize: settings.resize)
        let cuts = items.map { _, item in
            Cropper.Item(
                rect: item.rect, output: item.output, square: item.square, saverSettings: item.saverSettings,
                shape: item.shape, cut: item.cut)
        }
        let outcomes = cropper.run(
            input: job.input, items: cuts, dryRun: settings.dryRun,
            opened: {
                progress(.opened(ImageSize(width: $0.width, height: $0.height)))
                WorkerFault.inject(for: job.input, outputs: items.map(\.item.output), opened: true)
            }
        ) { index, outcome in
            progress(.report(.cut(index: items[index].index, outcome: outcome, clipped: items[index].item.clipped)))
        }
        return previews(job, items: items, outcomes: outcomes, progress: progress)
    }

    /// The items of `job` left to cut: an item that skips a whole output (`skipIfWhole`) and finds
    /// one is reported skipped, and one that finds something else there fails, unless it replaces it.
    private func unskipped(_ job: CropJob, progress: (CropProgress) -> Void) -> [ImageRects.Item] {
        var pending: [ImageRects.Item] = []
        for (index, item) in job.items.enumerated() {
            guard item.skipIfWhole else {
                pending.append((index, item))
                continue
            }
            let format = job.settings.save.format(of: item.output)
            switch ExistingOutput.look(item.output, format: format, roots: roots) {
            case .whole: progress(.report(.skipped(index: index)))
            case .other(let reason) where !item.replacesNotWhole:
                var outcome = CropOutcome(input: job.input, output: item.output, rect: item.rect)
                outcome.error = ExistingOutput.refusal(item.output, reason)
                progress(.report(.cut(index: index, outcome: outcome, clipped: item.clipped)))
            case .missing, .other: pending.append((index, item))
            }
        }
        return pending
    }

    /// Writes the previews of the job's written crops and returns those for the contact sheet; a
    /// preview that fails is reported on its own.
    private func previews(
        _ job: CropJob, items: [ImageRects.Item], outcomes: [CropOutcome], progress: (CropProgress) -> Void
    ) -> [SheetPreview] {
        guard let screen = job.settings.previewScreen, !job.settings.dryRun else { return [] }
        let crops = outcomes.indices.filter { outcomes[$0].error == nil }.map { index in
            let label = ContactSheetLabel.text(
                input: job.input, output: outcomes[index].output, number: index + 1, dataset: job.settings.labelsByClass
            )
            let item = items[index].item
            let shape = PreviewShape.of(
                rect: outcomes[index].rect, shape: item.shape, cut: item.cut, square: item.square,
                image: outcomes[index].image.map { ($0.width, $0.height) })
            return (index, shape, label)
        }
        guard !crops.isEmpty else { return [] }
        let sheet = job.settings.contactSheet ? ContactSheet() : nil
        var companion = job.settings.save
        companion.saverSettings = SaverSettings()
        let problems = CropPreview(screen: screen).previews(
            of: job.input, crops: crops, failOn: job.settings.failOn, sheet: sheet, order: job.order,
            writer: AtomicWriter(options: companion, roots: roots)
        ) { (index: Int) throws(RenderError) -> String? in items[index].item.preview }
        for problem in problems { progress(.report(.preview(problem, origin: items.first?.index))) }
        return (sheet?.take() ?? []).map {
            SheetPreview(job: $0.order.0, crop: $0.order.1, pixels: PixelBuffer($0.image))
        }
    }
}
