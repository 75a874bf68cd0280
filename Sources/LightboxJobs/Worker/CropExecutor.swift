import Foundation
import LightboxFormats
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

    /// A preview for the contact sheet: its place in the run and its pixels.
    package typealias SheetPreview = (order: (Int, Int), pixels: PixelBuffer?)

    /// Runs `job`; `progress` gets the input's size once opened and each item's record as it ends.
    /// Returns the previews the contact sheet asks for.
    package func run(_ job: CropJob, progress: (JobProgress) -> Void) -> [SheetPreview] {
        WorkerFault.inject(for: job.input, outputs: job.items.map(\.output))
        let pins: InputPins
        do {
            pins = try InputPins([job.input], roots: roots)
        } catch {
            for (index, item) in job.items.enumerated() {
                progress(
                    .record(
                        CropRecords.failed(
                            input: job.input, item: item, reason: error.reason, image: nil, crashed: false,
                            milliseconds: 0, printsError: index == 0)))
            }
            return []
        }
        defer { pins.release() }
        var pending: [CropItem] = []
        for item in job.items {
            if item.skipIfWhole && OutputPath.isWholeImage(item.output, roots: roots) {
                progress(.record(CropRecords.skipped(input: job.input, item: item)))
            } else {
                pending.append(item)
            }
        }
        guard !pending.isEmpty else { return [] }
        let (items, refused) = ImageRects(job: job, console: console).resolve(pending)
        for record in refused { progress(.record(record)) }
        guard !items.isEmpty else { return [] }
        let settings = job.settings
        let cropper = Cropper(
            writer: AtomicWriter(options: settings.save, roots: roots, warn: console.warning),
            minimumSide: settings.minimumSide,
            failOn: settings.failOn,
            maxPixels: settings.maxPixels, resize: settings.resize)
        let cuts = items.map {
            Cropper.Item(
                rect: $0.rect, output: $0.output, square: $0.square, saverOptions: $0.saverOptions, shape: $0.shape,
                cut: $0.cut)
        }
        let outcomes = cropper.run(
            input: job.input, items: cuts, dryRun: settings.dryRun,
            opened: {
                progress(.opened(width: $0.width, height: $0.height))
                WorkerFault.inject(for: job.input, outputs: items.map(\.output), opened: true)
            }
        ) { index, outcome in
            progress(.record(CropRecords.record(outcome, item: items[index], dryRun: settings.dryRun)))
        }
        return previews(job, items: items, outcomes: outcomes, progress: progress)
    }

    /// Writes the previews of the job's written crops and returns those for the contact sheet; a
    /// preview that fails is a failed record of its own.
    private func previews(
        _ job: CropJob, items: [CropItem], outcomes: [CropOutcome], progress: (JobProgress) -> Void
    ) -> [SheetPreview] {
        guard let screen = job.settings.previewScreen, !job.settings.dryRun else { return [] }
        let crops = outcomes.indices.filter { outcomes[$0].error == nil }.map { index in
            let label = ContactSheetLabel.text(
                input: job.input, output: outcomes[index].output, number: index + 1, dataset: job.settings.labelsByClass
            )
            let item = items[index]
            let shape = PreviewShape.of(
                rect: outcomes[index].rect, shape: item.shape, cut: item.cut, square: item.square,
                image: outcomes[index].image)
            return (index, shape, label)
        }
        guard !crops.isEmpty else { return [] }
        let sheet = job.settings.contactSheet ? ContactSheet() : nil
        var companion = job.settings.save
        companion.saverOptions = nil
        let problems = CropPreview(screen: screen).previews(
            of: job.input, crops: crops, failOn: job.settings.failOn, sheet: sheet, order: job.order,
            writer: AtomicWriter(options: companion, roots: roots)
        ) { (index: Int) throws(RenderError) -> String? in items[index].preview }
        for problem in problems {
            let fields: [(String, JSONValue)] = [("input", .string(job.input))] + (items.first?.origin.fields ?? [])
            progress(.record(BatchRecord(status: .failed, fields: fields, error: problem.description, milliseconds: 0)))
        }
        return (sheet?.take() ?? []).map { ($0.order, PixelBuffer($0.image)) }
    }
}
