import LightboxFormats
import LightboxRender

/// What became of one item of a run, as reported on stderr, in the `--report` journal and in `--json`.
package struct BatchRecord: Sendable {
    /// How an item ended.
    package enum Status: String, Sendable {
        /// Written.
        case done
        /// Not written; `error` says why.
        case failed
        /// Not written because `--resume` knows the output whole.
        case skipped
        /// Planned only (`--dry-run`).
        case planned
    }

    /// How the item ended.
    package let status: Status
    /// The item's fields as JSON (input, output, image, rect, pixels, source, line...), in order.
    package let fields: [(String, JSONValue)]
    /// The one-line error, for a failed item.
    package let error: String?
    /// Milliseconds spent on the item.
    package let milliseconds: Double
    /// Whether `error` goes to stderr; false when an earlier record already printed the same cause.
    package var printsError = true
    /// The failure as a typed value (the file at fault and the reason), for a library caller.
    package var cause: RenderError?

    /// Makes a record.
    package init(
        status: Status, fields: [(String, JSONValue)], error: String?, milliseconds: Double, printsError: Bool = true,
        cause: RenderError? = nil
    ) {
        self.status = status
        self.fields = fields
        self.error = error
        self.milliseconds = milliseconds
        self.printsError = printsError
        self.cause = cause
    }

    /// The output the record is about, if it names one.
    package var output: String? {
        guard case .string(let path)? = fields.first(where: { $0.0 == "output" })?.1 else { return nil }
        return path
    }

    /// The journal line: the item's fields, then status, error and milliseconds.
    package var json: JSONValue {
        var pairs = fields
        pairs.append(("status", .string(status.rawValue)))
        if let error { pairs.append(("error", .string(error))) }
        pairs.append(("milliseconds", .double((milliseconds * 10).rounded() / 10)))
        return .object(pairs)
    }

    /// A failed record of something that went wrong before any work (a bad line), at `origin`.
    package static func problem(_ problem: BatchProblem) -> BatchRecord {
        var fields: [(String, JSONValue)] = [("source", .string(problem.path))]
        if let line = problem.line { fields.append(("line", .int(line))) }
        return BatchRecord(status: .failed, fields: fields, error: problem.description, milliseconds: 0)
    }
}
