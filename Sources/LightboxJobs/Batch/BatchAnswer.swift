import Foundation
import LightboxFormats

/// The answer line of one batch job: the command's `--json` object with the client's `id` first,
/// and the job's own `warnings` last.
package struct BatchAnswer: Error, Sendable {
    /// Whether the job was done (its status is `done` or `skipped`).
    package let done: Bool
    /// The whole line, without the newline.
    package let line: String

    /// The answer `{"id":id, ...pairs, "warnings":[...]}`; every error in it (the job's, each
    /// crop's, each board photo's) and every warning cut to about 1,000 characters. The decoder's
    /// warnings a record carries (`warnings` in `pairs`) come first in the one array, then the job's.
    package init(id: BatchID, done: Bool, pairs: [(String, JSONValue)], warnings: [String] = []) {
        self.done = done
        var pairs = BatchAnswer.shortened(pairs)
        var all = warnings.map { JSONValue.string(Console.shortened($0)) }
        if let index = pairs.firstIndex(where: { $0.0 == "warnings" }) {
            if case .array(let decoder) = pairs.remove(at: index).1 { all = decoder + all }
        }
        if !all.isEmpty { pairs.append(("warnings", .array(all))) }
        let rest = JSONValue.object(pairs).text.dropFirst()
        line = "{\"id\":\(id.text)" + (pairs.isEmpty ? "}" : "," + rest)
    }

    /// A failed answer with only the error.
    package init(id: BatchID, failed error: String, warnings: [String] = []) {
        self.init(
            id: id, done: false, pairs: [("status", .string("failed")), ("error", .string(error))], warnings: warnings)
    }

    /// The answer of `request` whose items ended as `records`: a job's one record as it is; a crop
    /// job given as `crops` as its input, one object per crop in the order asked (those refused
    /// before any work among them), the job's status (`skipped` when every crop was, `done` when
    /// every crop was done or skipped) and its first error.
    package init(request: BatchRequest, records: [BatchRecord], milliseconds: Double, warnings: [String]) {
        guard request.slots != nil else {
            let record =
                records.first
                ?? BatchRecord(
                    status: .failed, output: nil, fields: [], error: "the job gave no result",
                    milliseconds: milliseconds)
            let pairs: [(String, JSONValue)]
            if case .object(let fields) = record.json { pairs = fields } else { pairs = [] }
            self.init(
                id: request.id, done: record.status == .done || record.status == .skipped, pairs: pairs,
                warnings: warnings)
            return
        }
        let crops = request.ordered(records)
        let failure = crops.first { $0.status == .failed }
        let status = failure != nil ? "failed" : crops.allSatisfy { $0.status == .skipped } ? "skipped" : "done"
        var pairs: [(String, JSONValue)] = []
        if case .crop(let job)? = request.job { pairs.append(("input", .string(job.input))) }
        pairs += [("crops", .array(crops.map(\.json))), ("status", .string(status))]
        if let error = failure?.error { pairs.append(("error", .string(error))) }
        pairs.append(("milliseconds", .double((milliseconds * 10).rounded() / 10)))
        self.init(id: request.id, done: failure == nil, pairs: pairs, warnings: warnings)
    }

    /// `pairs` with every `error` string cut to about 1,000 characters, in crops and failed photos too.
    private static func shortened(_ pairs: [(String, JSONValue)]) -> [(String, JSONValue)] {
        pairs.map { key, value in
            switch value {
            case .string(let text) where key == "error": return (key, .string(Console.shortened(text)))
            case .object(let inner): return (key, .object(shortened(inner)))
            case .array(let items):
                return (
                    key,
                    .array(
                        items.map { item in
                            guard case .object(let inner) = item else { return item }
                            return .object(shortened(inner))
                        })
                )
            default: return (key, value)
            }
        }
    }
}
