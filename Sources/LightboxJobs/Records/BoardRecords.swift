import Foundation
import LightboxFormats
import LightboxRender
import Vips

/// The record of a board: output, size, the cards drawn (a placeholder is one, a skipped photo is
/// none, and a board not written has none), each photo left out or drawn empty, located at the job's origin.
package enum BoardRecords {
    /// A photo drawn despite its decoder's warnings.
    package struct Warned: Sendable {
        /// The photo.
        package let path: String
        /// Its decoder's warnings.
        package let warnings: DecoderWarnings
    }

    /// The board's record; `written` says whether the image was written (`bytes` its size, as the
    /// process that wrote it saw it), `failures` the photos that could not be drawn, `warned` those
    /// drawn despite their decoders' warnings (carried, named by photo, once the board is written).
    package static func record(
        _ job: BoardJob, failures: [RenderError], written: Bool, problem: RenderError?, milliseconds: Double,
        bytes: Int? = nil, warned: [Warned] = []
    ) -> BatchRecord {
        let size = job.plan.pixelSize
        let fields: [(String, JSONValue)] =
            [
                ("output", .string(job.output)), ("width", .int(size.width)), ("height", .int(size.height)),
                ("cards", .int(written ? job.plan.photos.count - (job.placeholder ? 0 : failures.count) : 0)),
                ("failed", .array(failures.map(failed))),
            ] + job.origin.fields + (written ? bytes.map { [("bytes", .int($0))] } ?? [] : [])
        let cardsLost = !failures.isEmpty && !job.placeholder
        var record: BatchRecord
        if problem != nil || cardsLost {
            let reasons = (problem.map { [$0] } ?? failures).map(\.description).joined(separator: "; ")
            let error = job.origin.located(reasons + (problem == nil ? " (card skipped; the board was written)" : ""))
            record = BatchRecord(
                status: .failed, output: job.output, fields: fields, error: error, milliseconds: milliseconds,
                printsError: problem != nil, cause: problem ?? failures.first)
        } else {
            record = BatchRecord(
                status: .done, output: job.output, fields: fields, error: nil, milliseconds: milliseconds)
        }
        record.failures = failures
        // A failed photo's warnings are in its entry of `failed`; the record's are the board's own
        // failure's, or those of the photos drawn on a board that was written.
        record.warnings = problem?.warnings ?? DecoderWarnings()
        for photo in warned where written {
            var named = DecoderWarnings(photo.warnings.messages.map { "\(photo.path): \($0)" })
            named.countMore(photo.warnings.count - photo.warnings.messages.count)
            record.written(
                from: photo.path, despite: photo.warnings, said: false, located: job.origin.located, recorded: named)
        }
        // `--max-failures` counts the photos of a board that was written; one that was not is past any budget.
        record.budgetFailures = problem != nil ? nil : cardsLost ? failures.count : 0
        return record
    }

    /// The entry of `failed` for a photo that could not be drawn: its input, its error (with the
    /// count of its warnings), and the warnings its decoder gave before, when any.
    private static func failed(_ failure: RenderError) -> JSONValue {
        let error = failure.reason + failure.warnings.suffix
        var pairs: [(String, JSONValue)] = [("input", .string(failure.path)), ("error", .string(error))]
        if !failure.warnings.isEmpty {
            pairs.append(("warnings", .array(failure.warnings.messages.map { .string($0) })))
        }
        return .object(pairs)
    }

    /// The record of a board left as it was: its output exists and decodes whole (`skipExisting`).
    package static func skipped(_ job: BoardJob) -> BatchRecord {
        let size = job.plan.pixelSize
        let fields: [(String, JSONValue)] =
            [("output", .string(job.output)), ("width", .int(size.width)), ("height", .int(size.height))]
            + job.origin.fields + CropRecords.bytes(of: job.output)
        return BatchRecord(status: .skipped, output: job.output, fields: fields, error: nil, milliseconds: 0)
    }
}
