import Foundation
import LightboxFormats
import LightboxRender

/// The record of a board: output, size, the cards drawn (a placeholder is one, a skipped photo is
/// none, and a board not written has none), each photo left out or drawn empty, located at the job's origin.
package enum BoardRecords {
    /// The board's record; `written` says whether the image was written (`bytes` its size, as the
    /// process that wrote it saw it), `failures` the photos that could not be drawn.
    package static func record(
        _ job: BoardJob, failures: [RenderError], written: Bool, problem: RenderError?, milliseconds: Double,
        bytes: Int? = nil
    ) -> BatchRecord {
        let size = job.plan.pixelSize
        let fields: [(String, JSONValue)] =
            [
                ("output", .string(job.output)), ("width", .int(size.width)), ("height", .int(size.height)),
                ("cards", .int(written ? job.plan.photos.count - (job.placeholder ? 0 : failures.count) : 0)),
                (
                    "failed",
                    .array(failures.map { .object([("input", .string($0.path)), ("error", .string($0.reason))]) })
                ),
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
        // `--max-failures` counts the photos of a board that was written; one that was not is past any budget.
        record.budgetFailures = problem != nil ? nil : cardsLost ? failures.count : 0
        return record
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
