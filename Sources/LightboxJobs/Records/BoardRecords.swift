import Foundation
import LightboxFormats
import LightboxRender

/// The record of a board: output, size, the cards drawn (a placeholder is one, a skipped photo is
/// none), each photo left out or drawn empty, located at the job's origin.
package enum BoardRecords {
    /// The board's record; `written` says whether the image was written, `failures` the photos that could not be drawn.
    package static func record(
        _ job: BoardJob, failures: [RenderError], written: Bool, problem: RenderError?, milliseconds: Double
    ) -> BatchRecord {
        let size = job.plan.pixelSize
        let fields: [(String, JSONValue)] =
            [
                ("output", .string(job.output)), ("width", .int(size.width)), ("height", .int(size.height)),
                ("cards", .int(job.plan.photos.count - (job.placeholder ? 0 : failures.count))),
                (
                    "failed",
                    .array(failures.map { .object([("input", .string($0.path)), ("error", .string($0.reason))]) })
                ),
            ] + job.origin.fields + (written ? CropRecords.bytes(of: job.output) : [])
        let cardsLost = !failures.isEmpty && !job.placeholder
        guard problem != nil || cardsLost else {
            return BatchRecord(status: .done, fields: fields, error: nil, milliseconds: milliseconds)
        }
        let reasons = (problem.map { [$0] } ?? failures).map(\.description).joined(separator: "; ")
        let error = job.origin.located(reasons + (problem == nil ? " (card skipped; the board was written)" : ""))
        return BatchRecord(
            status: .failed, fields: fields, error: error, milliseconds: milliseconds, printsError: problem != nil,
            cause: problem ?? failures.first)
    }
}
