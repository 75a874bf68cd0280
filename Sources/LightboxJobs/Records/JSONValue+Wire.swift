import LightboxFormats
import LightboxWorkers

/// JSON values across the worker pipe, tagged by case, objects keeping their key order.
extension JSONValue {
    /// Appends this value to a message.
    package func write(to wire: inout WireWriter) {
        switch self {
        case .string(let value): wire.int(0); wire.string(value)
        case .int(let value): wire.int(1); wire.int(value)
        case .double(let value): wire.int(2); wire.double(value)
        case .bool(let value): wire.int(3); wire.bool(value)
        case .null: wire.int(4)
        case .object(let pairs):
            wire.int(5)
            wire.list(pairs) { wire, pair in
                wire.string(pair.0)
                pair.1.write(to: &wire)
            }
        case .array(let items):
            wire.int(6)
            wire.list(items) { wire, item in item.write(to: &wire) }
        }
    }

    /// Reads a value that `write(to:)` appended.
    package static func read(from wire: inout WireReader) throws(WireReader.Malformed) -> JSONValue {
        switch try wire.int() {
        case 0: return .string(try wire.string())
        case 1: return .int(try wire.int())
        case 2: return .double(try wire.double())
        case 3: return .bool(try wire.bool())
        case 4: return .null
        case 5:
            return .object(
                try wire.list { (wire: inout WireReader) throws(WireReader.Malformed) in
                    (try wire.string(), try JSONValue.read(from: &wire))
                })
        case 6:
            return .array(
                try wire.list { (wire: inout WireReader) throws(WireReader.Malformed) in try JSONValue.read(from: &wire)
                })
        default: throw WireReader.Malformed()
        }
    }
}
