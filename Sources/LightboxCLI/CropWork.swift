import Foundation
import LightboxFormats
import LightboxRender

/// The work of one `CropJob`: skip finished outputs, crop the rest, turn outcomes into records.
struct CropWork: Sendable {
    let options: CropOptions
    let console: Console
    /// Where previews go for the contact sheet, when one is asked for.
    let sheet: ContactSheet?
    /// The outputs `--resume` may skip.
    let ledger: ResumeLedger

    /// Crops one input's items and returns a record per item.
    func run(_ job: CropJob) -> [BatchRecord] {
        let job = AnnotationFrame.resolve(job, console: console)
        var records: [BatchRecord] = []
        var pending: [(Cropper.Item, String)] = []
        if options.batch.resume { sweepStaleTemps(for: job.items.map(\.output)) }
        for (item, origin) in zip(job.items, job.origins) {
            if options.batch.resume && !options.dryRun && ledger.isFinished(item.output) {
                records.append(CropWork.skipped(input: job.input, output: item.output))
            } else {
                pending.append((item, origin))
            }
        }
        guard !pending.isEmpty else { return records }
        if options.source.isBatch && !options.dryRun { makeFolders(for: pending.map(\.0.output)) }
        let cropper = Cropper(
            writer: AtomicWriter(options: options.save), minimumSide: options.minimumSide,
            failOn: options.failOn, maxPixels: options.maxPixels, resize: options.resize
        )
        let outcomes = cropper.run(input: job.input, items: pending.map(\.0), dryRun: options.dryRun)
        for (outcome, (_, origin)) in zip(outcomes, pending) {
            records.append(
                record(outcome, origin: origin, clipped: job.clipped.contains(outcome.output) || outcome.squareShrunk))
        }
        if !options.dryRun && (options.preview != nil || sheet != nil) && outcomes.contains(where: { $0.error == nil })
        {
            records += previews(job, outcomes: outcomes)
        }
        return records
    }

    /// Writes the previews of a job's finished crops and hands them to the contact sheet.
    private func previews(_ job: CropJob, outcomes: [CropOutcome]) -> [BatchRecord] {
        let crops = outcomes.enumerated().filter { $0.element.error == nil }.map {
            let label = ContactSheetLabel.text(
                input: job.input, output: $0.element.output, number: $0.offset + 1, dataset: options.source.isDataset)
            return ($0.offset, $0.element.rect, label)
        }
        let problems = CropPreview(screen: options.previewScreen).previews(
            of: job.input, crops: crops, failOn: options.failOn, sheet: sheet, order: job.order,
            writer: AtomicWriter(options: options.companionSave)
        ) { (index: Int) throws(RenderError) -> String? in
            guard let template = options.preview else { return nil }
            let path = template.path(input: job.input, number: index + 1)
            guard OutputFolder(template.fixedFolder).contains(path) else {
                throw RenderError(path, "preview leaves \(template.fixedFolder), the folder --preview names")
            }
            return path
        }
        return problems.map {
            BatchRecord(
                status: .failed, fields: [("input", .string(job.input))], error: $0.description, milliseconds: 0)
        }
    }

    /// The record of an output `--resume` skips because it is known to be whole.
    static func skipped(input: String, output: String) -> BatchRecord {
        let fields =
            [("input", JSONValue.string(input)), ("output", .string(output))] + ResumeLedger.bytesField(output)
        return BatchRecord(status: .skipped, fields: fields, error: nil, milliseconds: 0)
    }

    /// The record for one outcome; in a dry run the plan is printed on stdout.
    private func record(_ outcome: CropOutcome, origin: String, clipped: Bool) -> BatchRecord {
        let fields =
            CropWork.fields(outcome) + BatchRecord.originFields(origin)
            + (clipped ? [("clipped", JSONValue.bool(true))] : [])
        if let error = outcome.error {
            let message = origin.isEmpty ? error.description : "\(origin): \(error.description)"
            return BatchRecord(
                status: .failed, fields: fields, error: message, milliseconds: outcome.milliseconds,
                printsError: !outcome.repeatsInputError
            )
        }
        if options.dryRun {
            return BatchRecord(
                status: .planned, fields: fields, error: nil, milliseconds: 0, plan: JSONValue.object(fields).shortText)
        }
        return BatchRecord(
            status: .done, fields: fields + ResumeLedger.bytesField(outcome.output), error: nil,
            milliseconds: outcome.milliseconds)
    }

    /// Removes what a killed earlier run left half-written beside these outputs.
    private func sweepStaleTemps(for outputs: [String]) {
        for folder in Set(outputs.map { ($0 as NSString).deletingLastPathComponent }) {
            TempFiles.shared.sweepStale(in: folder.isEmpty ? "." : folder)
        }
    }

    /// Makes the folders that batch outputs go into.
    private func makeFolders(for outputs: [String]) {
        for folder in Set(outputs.map { ($0 as NSString).deletingLastPathComponent }) where !folder.isEmpty {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
    }

    /// The documented JSON fields of one crop: input, output, image, rect, pixels.
    static func fields(_ outcome: CropOutcome) -> [(String, JSONValue)] {
        var pairs: [(String, JSONValue)] = [("input", .string(outcome.input)), ("output", .string(outcome.output))]
        if let image = outcome.image {
            pairs.append(("image", .object([("width", .int(image.width)), ("height", .int(image.height))])))
        }
        let rect = outcome.rect
        pairs.append(
            (
                "rect",
                .object([
                    ("x", .double(Double(rect.minX))), ("y", .double(Double(rect.minY))),
                    ("width", .double(Double(rect.width))), ("height", .double(Double(rect.height))),
                ])
            ))
        if let pixels = outcome.pixels {
            pairs.append(
                (
                    "pixels",
                    .object([
                        ("left", .int(pixels.left)), ("top", .int(pixels.top)),
                        ("width", .int(pixels.width)), ("height", .int(pixels.height)),
                    ])
                ))
        }
        if let decoder = outcome.decoder { pairs.append(("decoder", .string(decoder))) }
        if outcome.loadShrink > 1 { pairs.append(("shrink", .int(outcome.loadShrink))) }
        return pairs
    }
}
