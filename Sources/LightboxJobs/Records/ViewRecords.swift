import Foundation
import LightboxFormats
import LightboxGeometry
import LightboxRender

/// The records of viewer snapshots: the clamped values rendered, located at the job's origin.
package enum ViewRecords {
    /// The snapshot's JSON fields: the clamped values rendered (the first frame's for an animation).
    package static func fields(_ outcome: ViewOutcome) -> [(String, JSONValue)] {
        let request = outcome.request
        let state = request.state
        var pairs: [(String, JSONValue)] = [
            ("input", .string(outcome.input)), ("output", request.output.isEmpty ? .null : .string(request.output)),
            ("page", .int(request.shownPage)), ("pages", .int(request.inputs.count)),
            ("screen", size(state.screen)), ("scale", number(state.scale)),
            ("safeArea", .object([("top", number(state.safeArea.top)), ("bottom", number(state.safeArea.bottom))])),
        ]
        if let layout = outcome.layout {
            pairs += [
                ("fitted", size(layout.fitted)), ("zoom", number(layout.zoom)),
                ("offset", .object([("x", number(layout.offset.width)), ("y", number(layout.offset.height))])),
                ("pull", number(layout.pull)), ("progress", number(layout.progress)),
            ]
        }
        if state.style == .screen || request.animation == .dismiss {
            pairs.append(("dismisses", .bool(request.dismisses)))
        }
        if request.animation != nil { pairs.append(("frames", .int(request.frames))) }
        if let decoder = outcome.decoder { pairs.append(("decoder", .string(decoder.rawValue))) }
        if let fallback = outcome.fallback { pairs.append(("fallback", .string(fallback))) }
        return pairs
    }

    /// The record of what `report` says became of `job`.
    package static func record(_ report: ViewReport, job: ViewJob) -> BatchRecord {
        switch report {
        case .rendered(let outcome): return record(outcome, job: job)
        case .skipped: return skipped(job)
        case .refused(let problem): return refused(job, problem: problem)
        }
    }

    /// The record of a rendered (or planned, or failed) snapshot.
    package static func record(_ outcome: ViewOutcome, job: ViewJob) -> BatchRecord {
        let fields = fields(outcome) + job.origin.fields
        let output = outputPath(of: job)
        if let error = outcome.error {
            return BatchRecord(
                status: .failed, output: output, fields: fields, error: job.origin.located(error.description),
                milliseconds: outcome.milliseconds, cause: error)
        }
        if job.dryRun {
            return BatchRecord(status: .planned, output: output, fields: fields, error: nil, milliseconds: 0)
        }
        let written = fields + CropRecords.bytes(of: job.request.output)
        var record = BatchRecord(
            status: .done, output: output, fields: written, error: nil, milliseconds: outcome.milliseconds)
        record.written(from: outcome.input, despite: outcome.warnings, said: false, located: job.origin.located)
        return record
    }

    /// The output a record of `job` is about: none for a dry run that names none.
    private static func outputPath(of job: ViewJob) -> String? {
        job.request.output.isEmpty ? nil : job.request.output
    }

    /// The record of a snapshot `--resume` skips: its output is known whole.
    package static func skipped(_ job: ViewJob) -> BatchRecord {
        let output = job.request.output
        let fields =
            [("input", JSONValue.string(job.shownInput)), ("output", .string(output))] + job.origin.fields
            + CropRecords.bytes(of: output)
        return BatchRecord(status: .skipped, output: outputPath(of: job), fields: fields, error: nil, milliseconds: 0)
    }

    /// The record of a snapshot whose worker died or timed out (`crashed`), or that `--resume` gave up on.
    package static func failed(_ job: ViewJob, reason: String, crashed: Bool, milliseconds: Double) -> BatchRecord {
        let crashes = job.crashes + (crashed ? 1 : 0)
        let fields =
            [("input", JSONValue.string(job.shownInput)), ("output", .string(job.request.output))]
            + job.origin.fields + (crashes > 0 ? [(Journal.crashesField, .int(crashes))] : [])
        return BatchRecord(
            status: .failed, output: outputPath(of: job), fields: fields,
            error: job.origin.located("\(job.shownInput): \(reason)"), milliseconds: milliseconds,
            cause: RenderError(job.shownInput, reason))
    }

    /// The record of a snapshot refused before it was rendered (`problem` names the file at fault).
    package static func refused(_ job: ViewJob, problem: RenderError) -> BatchRecord {
        BatchRecord(
            status: .failed, output: outputPath(of: job), fields: skipped(job).fields.filter { $0.0 != "bytes" },
            error: job.origin.located(problem.description), milliseconds: 0, cause: problem)
    }

    /// A size as `{"width":..,"height":..}`.
    private static func size(_ size: CGSize) -> JSONValue {
        .object([("width", number(size.width)), ("height", number(size.height))])
    }

    /// A CGFloat as a JSON number in the short form a dry run prints (`CropRecords.number`).
    private static func number(_ value: CGFloat) -> JSONValue {
        CropRecords.number(value)
    }
}
