import LightboxFormats
import LightboxRender
import Vips

/// What became of one item of a run, as reported on stderr, in the `--report` journal, in `--json`
/// and in batch answers: rendered in the supervisor from a typed outcome (`CropRecords`,
/// `ViewRecords`, `BoardRecords`), whose values a caller reads here as values too (`output`,
/// `crop`, `failures`), never back out of the fields.
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
    /// The output the record is about (a crop's, a snapshot's, a board's); nil for none.
    package let output: String?
    /// A crop's outcome, when it was cut (or planned): its pixels, for a library caller.
    package var crop: CropOutcome?
    /// A board's photos that could not be drawn, each with its error.
    package var failures: [RenderError] = []
    /// The failures `--max-failures` counts in this record: 1 for a failed item, each photo a
    /// written board left out; nil for a failure no budget covers (a board that was not written).
    package var budgetFailures: Int?
    /// The decoder's warnings about the input, word for word (`warnings` in the JSON): those
    /// that came with the failure, or those an output was written despite.
    package var warnings = DecoderWarnings()
    /// The `warning:` lines stderr gets for an output written despite its decoders' warnings:
    /// one per input (a board's photos each have theirs); none when an earlier record of the
    /// same input said the same.
    package var warningLines: [String] = []

    /// Makes a record about `output`.
    package init(
        status: Status, output: String?, fields: [(String, JSONValue)], error: String?, milliseconds: Double,
        printsError: Bool = true, cause: RenderError? = nil
    ) {
        self.status = status
        self.output = output
        self.fields = fields
        self.error = error
        self.milliseconds = milliseconds
        self.printsError = printsError
        self.cause = cause
        budgetFailures = status == .failed ? 1 : 0
        warnings = cause?.warnings ?? DecoderWarnings()
    }

    /// The journal line: the item's fields, then status, error, warnings and milliseconds.
    package var json: JSONValue {
        var pairs = fields
        pairs.append(("status", .string(status.rawValue)))
        if let error { pairs.append(("error", .string(error))) }
        if !warnings.isEmpty { pairs.append(("warnings", .array(warnings.messages.map { .string($0) }))) }
        pairs.append(("milliseconds", .double((milliseconds * 10).rounded() / 10)))
        return .object(pairs)
    }

    /// Gives a record of an output written from `input` despite its decoder's `warnings` the
    /// warnings (as `recorded` when given: a board's, named by photo), and the `warning:` line
    /// about them located by `located` unless `said` already.
    package mutating func written(
        from input: String, despite warnings: DecoderWarnings, said: Bool, located: (String) -> String,
        recorded: DecoderWarnings? = nil
    ) {
        self.warnings.add(recorded ?? warnings)
        guard let first = warnings.messages.first, !said else { return }
        let rest = warnings.removing(first)
        let them = rest.isEmpty ? "it" : "them"
        let more = rest.isEmpty ? "" : "and \(rest.count) more warning\(rest.count == 1 ? "" : "s"); "
        warningLines.append(
            located("\(input): \(first) (\(more)\(output ?? "the output") written despite \(them))"))
    }

    /// A failed record of something that went wrong before any work (a bad line), naming the
    /// `output` it would have written when it is known.
    package static func problem(_ problem: BatchProblem, output: String? = nil) -> BatchRecord {
        var fields: [(String, JSONValue)] = [("source", .string(problem.path))]
        if let line = problem.line { fields.append(("line", .int(line))) }
        if let output { fields.append(("output", .string(output))) }
        return BatchRecord(status: .failed, output: output, fields: fields, error: problem.description, milliseconds: 0)
    }
}
