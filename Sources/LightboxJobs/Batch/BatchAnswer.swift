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

    /// The answer of a job whose items ended as `records`: a single item's record as it is; a crop
    /// job of several rects as its input, one object per crop under `crops`, the job's status
    /// (`done` when every crop was) and its first error.
    package init(id: JSONValue, job: Job, records: [BatchRecord], milliseconds: Double) {
        guard case .crop(let crop) = job, crop.items.count > 1 || records.count > 1 else {
            let record =
                records.first
                ?? BatchRecord(status: .failed, fields: [], error: "the job gave no result", milliseconds: milliseconds)
            guard case .object(let pairs) = record.json else { preconditionFailure("a record is an object") }
            self.init(id: id, done: record.status == .done || record.status == .skipped, pairs: pairs)
            return
        }
        let failure = records.first { $0.status == .failed }
        var pairs: [(String, JSONValue)] = [
            ("input", .string(crop.input)), ("crops", .array(BatchAnswer.ordered(records, as: crop).map(\.json))),
            ("status", .string(failure == nil ? "done" : "failed")),
        ]
        if let error = failure?.error { pairs.append(("error", .string(error))) }
        pairs.append(("milliseconds", .double((milliseconds * 10).rounded() / 10)))
        self.init(id: id, done: failure == nil, pairs: pairs)
    }

    /// `records` in the order of the job's crops (they end in any order); records of no crop last.
    private static func ordered(_ records: [BatchRecord], as job: CropJob) -> [BatchRecord] {
        let places = Dictionary(job.items.enumerated().map { ($1.output, $0) }, uniquingKeysWith: { first, _ in first })
        return records.enumerated().sorted { a, b in
            (places[a.element.output ?? ""] ?? Int.max, a.offset) < (
                places[b.element.output ?? ""] ?? Int.max, b.offset
            )
        }.map(\.element)
    }
}
