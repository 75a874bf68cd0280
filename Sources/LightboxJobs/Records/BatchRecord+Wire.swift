import LightboxFormats
import LightboxRender
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
        wire.optional(cause?.path)
        wire.optional(cause?.reason)
    }

    /// Reads a record that `write(to:)` appended.
    package static func read(from wire: inout WireReader) throws(WireReader.Malformed) -> BatchRecord {
        guard let status = Status(rawValue: try wire.string()),
            case .object(let fields) = try JSONValue.read(from: &wire)
        else {
            throw WireReader.Malformed()
        }
        var record = BatchRecord(
            status: status, fields: fields, error: try wire.optional(), milliseconds: try wire.double(),
            printsError: try wire.bool())
        let (path, reason) = (try wire.optional(), try wire.optional())
        if let path, let reason { record.cause = RenderError(path, reason) }
        return record
    }
}
