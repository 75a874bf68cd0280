import Foundation
import LightboxFormats
import LightboxGeometry
import LightboxRender
import Vips

/// The records of crops: the documented fields of an outcome, located at the item's origin.
package enum CropRecords {
    /// The documented JSON fields of one crop: input, output, image, rect, pixels (with `snapped`
    /// when a lossless cut moved them to the JPEG's grid), `outputSize` (the written size, after
    /// `--resize` or of an upright box), decoder, shrink.
    package static func fields(_ outcome: CropOutcome) -> [(String, JSONValue)] {
        var pairs: [(String, JSONValue)] = [("input", .string(outcome.input)), ("output", .string(outcome.output))]
        if let image = outcome.image { pairs.append(("image", size(image.width, image.height))) }
        pairs.append(("rect", rect(outcome.rect)))
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
        if outcome.snapped { pairs.append(("snapped", .bool(true))) }
        if let output = outcome.outputSize { pairs.append(("outputSize", size(output.width, output.height))) }
        if let decoder = outcome.decoder { pairs.append(("decoder", .string(decoder.rawValue))) }
        if let fallback = outcome.fallback { pairs.append(("fallback", .string(fallback))) }
        if outcome.loadShrink > 1 { pairs.append(("shrink", .int(outcome.loadShrink))) }
        return pairs
    }

    /// `{"x":..,"y":..,"width":..,"height":..}`, each number at the 6 significant digits a dry
    /// run prints (`NumberText`), so a real run and its dry run give the same rect.
    package static func rect(_ rect: CGRect) -> JSONValue {
        .object([
            ("x", number(rect.minX)), ("y", number(rect.minY)), ("width", number(rect.width)),
            ("height", number(rect.height)),
        ])
    }

    /// A record's fractional number in the short form messages use: the noise of arithmetic gone.
    package static func number(_ value: CGFloat) -> JSONValue {
        .double(NumberText.rounded(Double(value)))
    }

    /// `{"width":..,"height":..}`.
    package static func size(_ width: Int, _ height: Int) -> JSONValue {
        .object([("width", .int(width)), ("height", .int(height))])
    }

    /// The record of what `report` says became of a crop of `job` (the job that was run).
    package static func record(_ report: CropReport, job: CropJob) -> BatchRecord {
        switch report {
        case .cut(let index, let outcome, let clipped):
            var item = job.items[index]
            item.clipped = clipped
            return record(outcome, item: item, dryRun: job.settings.dryRun)
        case .skipped(let index):
            return skipped(input: job.input, item: job.items[index])
        case .refused(let index, let rect, let units, let reason, let image, let printsError, let warnings):
            var item = job.items[index]
            (item.rect, item.units) = (rect, units)
            return failed(
                input: job.input, item: item, reason: reason, image: image, crashed: false, milliseconds: 0,
                printsError: printsError, warnings: warnings)
        case .preview(let problem, let origin):
            let fields = [("input", JSONValue.string(job.input))] + (origin.map { job.items[$0].origin.fields } ?? [])
            return BatchRecord(
                status: .failed, output: nil, fields: fields, error: problem.description, milliseconds: 0)
        }
    }

    /// The record of one crop's outcome: done (with the bytes written), planned, or failed at the item's origin.
    package static func record(_ outcome: CropOutcome, item: CropItem, dryRun: Bool) -> BatchRecord {
        var item = item
        item.clipped = item.clipped || outcome.squareShrunk
        let fields = fields(outcome) + tail(item)
        var record: BatchRecord
        if let error = outcome.error {
            record = BatchRecord(
                status: .failed, output: item.output, fields: fields, error: item.origin.located(error.description),
                milliseconds: outcome.milliseconds, printsError: !outcome.repeatsInputError, cause: error)
        } else if dryRun {
            record = BatchRecord(status: .planned, output: item.output, fields: fields, error: nil, milliseconds: 0)
        } else {
            record = BatchRecord(
                status: .done, output: item.output, fields: fields + bytes(of: item.output), error: nil,
                milliseconds: outcome.milliseconds)
            record.written(
                from: outcome.input, despite: outcome.warnings, said: outcome.repeatsInputWarnings,
                located: item.origin.located)
        }
        record.crop = outcome
        return record
    }

    /// The record of a crop `--resume` skips: its output is known whole.
    package static func skipped(input: String, item: CropItem) -> BatchRecord {
        let fields = [("input", JSONValue.string(input)), ("output", .string(item.output))] + item.origin.fields
        return BatchRecord(
            status: .skipped, output: item.output, fields: fields + bytes(of: item.output), error: nil, milliseconds: 0)
    }

    /// The record of a crop that got no outcome: its worker died or timed out (`crashed`), or
    /// `--resume` gave up on it, or it was refused before being cut (with its input's decoder's
    /// `warnings`); `image` is the input's displayed size when it was opened.
    package static func failed(
        input: String, item: CropItem, reason: String, image: ImageSize?, crashed: Bool, milliseconds: Double,
        printsError: Bool, warnings: DecoderWarnings = DecoderWarnings()
    ) -> BatchRecord {
        var fields: [(String, JSONValue)] = [("input", .string(input)), ("output", .string(item.output))]
        if let image { fields.append(("image", size(image.width, image.height))) }
        fields.append(("rect", rect(item.rect)))
        if item.units == .px { fields.append(("units", .string("px"))) }
        let crashes = item.crashes + (crashed ? 1 : 0)
        fields += tail(item) + (crashes > 0 ? [(Journal.crashesField, .int(crashes))] : [])
        return BatchRecord(
            status: .failed, output: item.output, fields: fields,
            error: item.origin.located("\(input): \(reason)\(warnings.suffix)"), milliseconds: milliseconds,
            printsError: printsError, cause: RenderError(input, reason, warnings: warnings))
    }

    /// The record of a crop whose output the supervisor refused before any work (`error` names the output).
    package static func refused(input: String, item: CropItem, error: RenderError) -> BatchRecord {
        let fields =
            [("input", JSONValue.string(input)), ("output", .string(item.output)), ("rect", rect(item.rect))]
            + tail(item)
        return BatchRecord(
            status: .failed, output: item.output, fields: fields, error: item.origin.located(error.description),
            milliseconds: 0, cause: error)
    }

    /// The fields after the outcome's: where the item came from, and whether it was clipped.
    private static func tail(_ item: CropItem) -> [(String, JSONValue)] {
        item.origin.fields + (item.clipped ? [("clipped", .bool(true))] : [])
    }

    /// The `bytes` field of a written output, the size a later `--resume` checks.
    package static func bytes(of output: String) -> [(String, JSONValue)] {
        Journal.size(of: output).map { [("bytes", .int($0))] } ?? []
    }
}
