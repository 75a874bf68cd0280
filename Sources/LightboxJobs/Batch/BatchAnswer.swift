import Foundation
import LightboxFormats

/// The answer line of one batch job: the command's `--json` object with the client's `id` first.
package struct BatchAnswer: Error, Sendable {
    /// Whether the job was done (its status is `done`).
    package let done: Bool
    /// The whole line, without the newline.
    package let line: String

    /// The answer `{"id":id, ...pairs}`.
    package init(id: JSONValue, done: Bool, pairs: [(String, JSONValue)]) {
        self.done = done
        line = JSONValue.object([("id", id)] + pairs).text
    }

    /// A failed answer with only the error.
    package init(id: JSONValue, failed error: String) {
        self.init(id: id, done: false, pairs: [("status", .string("failed")), ("error", .string(error))])
    }

    /// The answer of `request` whose items ended as `records`: a job's one record as it is; a crop
    /// job given as `crops` as its input, one object per crop in the order asked (those refused
    /// before any work among them), the job's status (`done` when every crop was) and its first error.
    package init(request: BatchRequest, records: [BatchRecord], milliseconds: Double) {
        guard request.slots != nil else {
            let record =
                records.first
                ?? BatchRecord(status: .failed, fields: [], error: "the job gave no result", milliseconds: milliseconds)
            guard case .object(let pairs) = record.json else { preconditionFailure("a record is an object") }
            self.init(id: request.id, done: record.status == .done || record.status == .skipped, pairs: pairs)
            return
        }
        let crops = request.ordered(records)
        let failure = crops.first { $0.status == .failed }
        var pairs: [(String, JSONValue)] = []
        if case .crop(let job)? = request.job { pairs.append(("input", .string(job.input))) }
        pairs += [("crops", .array(crops.map(\.json))), ("status", .string(failure == nil ? "done" : "failed"))]
        if let error = failure?.error { pairs.append(("error", .string(error))) }
        pairs.append(("milliseconds", .double((milliseconds * 10).rounded() / 10)))
        self.init(id: request.id, done: failure == nil, pairs: pairs)
    }
}
