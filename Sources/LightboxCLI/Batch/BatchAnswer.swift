import Foundation
import LightboxFormats
import LightboxWorkers

/// The answer line of one batch job: the command's `--json` object with the client's `id` first.
struct BatchAnswer: Error, Sendable {
    /// Whether the job was done (its status is `done`).
    let done: Bool
    /// The whole line, without the newline.
    let line: String

    /// The answer `{"id":id, ...object}` for a JSON object's text `object`.
    init(id: JSONValue, done: Bool, object: String) {
        self.done = done
        let rest = object.dropFirst().trimmingCharacters(in: .whitespaces)
        line = "{\"id\":\(id.text)" + (rest == "}" ? "}" : "," + rest)
    }

    /// A failed answer with only the error.
    init(id: JSONValue, failed error: String) {
        self.init(
            id: id, done: false,
            object: JSONValue.object([("status", .string("failed")), ("error", .string(error))]).text)
    }

    /// Reads what a worker answered (done, then the object) and puts `id` in front.
    static func read(from wire: inout WireReader, id: JSONValue) throws(WireReader.Malformed) -> BatchAnswer {
        let done = try wire.bool()
        return BatchAnswer(id: id, done: done, object: try wire.string())
    }

    /// Writes a worker's answer: whether the job was done, and its JSON object.
    static func write(done: Bool, object: JSONValue, to wire: inout WireWriter) {
        wire.bool(done)
        wire.string(object.text)
    }
}
