import Foundation
import LightboxFormats
import LightboxRender
import LightboxWorkers

/// One job line of `lightbox batch` as the supervisor checks it: its id, command and fields.
struct BatchJob: Sendable {
    /// The commands a job may name.
    static let commands = ["crop", "view", "board"]

    /// The line's number in the input, for messages.
    let number: Int
    /// The client's id, echoed in the answer.
    let id: JSONValue
    /// `crop`, `view` or `board`.
    let command: String
    /// The job's fields without `id` and `command`, as one JSON object.
    let body: String
    /// The job's output, when it names one as a string.
    let output: String?
    /// The job's (first) input, when it names one, for crash messages.
    let input: String?

    /// Reads a line's envelope; a line that is not a JSON object or names no known command gets its failed answer.
    static func read(_ line: String, number: Int, label: String) -> Result<BatchJob, BatchAnswer> {
        let place = "\(label):\(number)"
        var object: [String: Any]
        switch JSONLines.object(line, number: number, path: label) {
        case .failure(let problem): return .failure(BatchAnswer(id: .null, failed: problem.description))
        case .success(let value): object = value
        }
        let id = JSONValue(any: object["id"] ?? NSNull())
        guard let command = object["command"] as? String, commands.contains(command) else {
            let shown = object["command"].map { "'\(String(describing: $0))'" } ?? "missing"
            return .failure(
                BatchAnswer(id: id, failed: "\(place): command: \(shown); expected \(commands.joined(separator: ", "))")
            )
        }
        object["id"] = nil
        object["command"] = nil
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
            return .failure(BatchAnswer(id: id, failed: "\(place): not a JSON object"))
        }
        let input = (object["input"] as? String) ?? (object["inputs"] as? [Any])?.first as? String
        let job = BatchJob(
            number: number, id: id, command: command, body: String(decoding: data, as: UTF8.self),
            output: object["output"] as? String, input: input)
        return .success(job)
    }

    /// Writes the request a worker reads: number, command and fields (the id stays with the supervisor).
    func write(to wire: inout WireWriter) {
        wire.int(number)
        wire.string(command)
        wire.string(body)
    }

    /// The failed answer for this job, with `error`.
    func failed(_ error: String, milliseconds: Double) -> BatchAnswer {
        var fields: [(String, JSONValue)] = []
        if let input { fields.append(("input", .string(input))) }
        if let output { fields.append(("output", .string(output))) }
        let record = BatchRecord(status: .failed, fields: fields, error: error, milliseconds: milliseconds)
        return BatchAnswer(id: id, done: false, object: record.json.text)
    }
}
