import LightboxFormats

/// What became of one item of a batch, as reported on stderr, in `--report` and in `--json`.
struct BatchRecord: Sendable {
    /// How an item ended.
    enum Status: String, Sendable {
        /// Written.
        case done
        /// Not written; `error` says why.
        case failed
        /// Not written because `--resume` found the output already there.
        case skipped
        /// Planned only (`--dry-run`).
        case planned
    }

    /// How the item ended.
    let status: Status
    /// The item's fields as JSON (input, output, image, rect, pixels...), in order.
    let fields: [(String, JSONValue)]
    /// The one-line error, for a failed item.
    let error: String?
    /// Milliseconds spent on the item.
    let milliseconds: Double
    /// Whether `error` goes to stderr; false when an earlier record already printed the same cause.
    var printsError = true
    /// The line a dry run prints on stdout for this item, in batch order.
    var plan: String?

    /// `source` and `line` fields for an item asked for at `origin` (`crops.csv:12`); none for a command-line item.
    static func originFields(_ origin: String) -> [(String, JSONValue)] {
        guard let colon = origin.lastIndex(of: ":"), let line = Int(origin[origin.index(after: colon)...]) else {
            return []
        }
        return [("source", .string(String(origin[..<colon]))), ("line", .int(line))]
    }

    /// The report line: the item's fields, then status, error and milliseconds.
    var json: JSONValue {
        var pairs = fields
        pairs.append(("status", .string(status.rawValue)))
        if let error { pairs.append(("error", .string(error))) }
        pairs.append(("milliseconds", .double((milliseconds * 10).rounded() / 10)))
        return .object(pairs)
    }
}
