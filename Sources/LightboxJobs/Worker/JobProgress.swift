import LightboxFormats
import LightboxWorkers

/// A message a worker sends ahead of its answer while a job runs.
package enum JobProgress: Sendable {
    /// The input was opened: its displayed size, so an item that fails later (a crash) still reports it.
    case opened(width: Int, height: Int)
    /// One item ended (written, skipped or failed).
    case record(BatchRecord)

    /// The message's bytes.
    package var bytes: [UInt8] {
        var wire = WireWriter()
        switch self {
        case .opened(let width, let height):
            wire.int(0)
            wire.int(width)
            wire.int(height)
        case .record(let record):
            wire.int(1)
            record.write(to: &wire)
        }
        return wire.bytes
    }

    /// Reads a message a worker sent; nil when it is not one.
    package init?(bytes: [UInt8]) {
        var wire = WireReader(bytes)
        switch try? wire.int() {
        case 0:
            guard let width = try? wire.int(), let height = try? wire.int() else { return nil }
            self = .opened(width: width, height: height)
        case 1:
            guard let record = try? BatchRecord.read(from: &wire) else { return nil }
            self = .record(record)
        default:
            return nil
        }
    }
}
