import LightboxFormats
import LightboxWorkers

/// Batch records across the worker pipe: a worker does the items, the supervisor reports them.
extension BatchRecord {
    /// Appends this record to a message.
    package func write(to wire: inout WireWriter) {
        wire.string(status.rawValue)
        JSONValue.object(fields).write(to: &wire)
        wire.optional(error)
        wire.double(milliseconds)
        wire.bool(printsError)
    }

    /// Reads a record that `write(to:)` appended.
    package static func read(from wire: inout WireReader) throws(WireReader.Malformed) -> BatchRecord {
        guard let status = Status(rawValue: try wire.string()),
            case .object(let fields) = try JSONValue.read(from: &wire)
        else {
            throw WireReader.Malformed()
        }
        return BatchRecord(
            status: status, fields: fields, error: try wire.optional(), milliseconds: try wire.double(),
            printsError: try wire.bool()
        )
    }
}
