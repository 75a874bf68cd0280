import Foundation
import LightboxFormats

/// A `lightbox batch` cancel line, `{"command":"cancel","id":ID}`: it gives up the jobs in flight
/// whose id is ID (a job waiting for a worker is answered without running; a running one has its
/// worker killed, as its timeout would). Its own answer carries `"command":"cancel"`, so a client
/// never takes it for the answer of the job of the same id, and comes after those jobs' answers.
package struct BatchCancel: Sendable {
    /// The `command` of a cancel line.
    package static let command = "cancel"

    /// The id of the jobs to give up, as the client wrote it.
    package let id: BatchID
    /// The cancel's line number.
    package let line: Int

    /// Whether `bytes` (a line, or its first bytes) is a cancel line: its `command` is `"cancel"`.
    package static func isCancel(_ bytes: [UInt8]) -> Bool {
        guard let text = JSONMembers(bytes).text(of: "command") else { return false }
        let value = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
        return value as? String == command
    }

    /// The cancel of `line` (of the jobs input `label`), its failed answer when it is a bad cancel
    /// line, or nil when it is no cancel line: a cancel takes `id` (not null) and `command` only.
    package static func read(_ line: JSONLines.Line, label: String) -> Result<BatchCancel, BatchAnswer>? {
        guard isCancel(line.bytes) else { return nil }
        let id = BatchID(of: line.bytes)
        let number = line.number
        let refused = { (problem: BatchProblem) in Result<BatchCancel, BatchAnswer>.failure(failed(id, problem)) }
        if let problem = JSONLines.unreadable(line, path: label) { return refused(problem) }
        if JSONMembers.valueCount(line.bytes, upTo: BatchLimits.values) > BatchLimits.values {
            return refused(BatchProblem(label, line: number, "more than \(BatchLimits.values) JSON values; not read"))
        }
        let object: [String: Any]
        switch JSONLines.object(BatchLine.withoutID(line, echoed: id), path: label) {
        case .failure(let problem): return refused(problem)
        case .success(let value): object = value
        }
        if let key = object.keys.filter({ $0 != "id" && $0 != "command" }).sorted().first {
            return refused(
                BatchProblem(label, line: number, "unknown key '\(key)': a cancel line takes only id and command"))
        }
        guard id != .null else {
            return refused(
                BatchProblem(
                    label, line: number, field: "id", "a cancel names the job to give up by its id (null names none)"))
        }
        return .success(BatchCancel(id: id, line: number))
    }

    /// The failed answer of a cancel line whose id reads as `id`, for `problem`.
    package static func failed(_ id: BatchID, _ problem: BatchProblem) -> BatchAnswer {
        BatchAnswer(
            id: id, done: false,
            pairs: [
                ("command", .string(command)), ("status", .string("failed")), ("error", .string(problem.description)),
            ])
    }

    /// The answer of this cancel, of the jobs in flight it found (`found`, 0 for none) of which
    /// `gaveUp` were given up by it (the others ended first): done, with the count, when it gave
    /// any up; failed, saying so, when none was found or none could be stopped.
    package func answer(found: Int, gaveUp: Int, label: String) -> BatchAnswer {
        guard gaveUp == 0 else {
            return BatchAnswer(
                id: id, done: true,
                pairs: [("command", .string(BatchCancel.command)), ("status", .string("done")), ("jobs", .int(gaveUp))])
        }
        let message =
            found == 0
            ? "no job with id \(id.text) is queued or running (unknown, or already answered)"
            : "job \(id.text) was answered before the cancel could stop it"
        return BatchCancel.failed(id, BatchProblem(label, line: line, field: BatchCancel.command, message))
    }
}
