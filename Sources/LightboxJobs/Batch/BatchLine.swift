import Foundation
import LightboxFormats
import LightboxRender

/// Reads one `lightbox batch` line into its client id and a typed job, with the same field
/// readers as the commands' own doors: a crop job's fields are a crop manifest line's (and
/// `crops`, several rects of the input, each with its output), a view job's a state manifest
/// line's, a board job's a layout file's; every command's job also takes the policy keys
/// (`BatchPolicy`). A bad line is a failed answer naming its line.
package struct BatchLine: Sendable {
    /// What messages call the input: the jobs file, or `stdin`.
    package let label: String
    /// Builds crop jobs (the batch's defaults, outputs as given).
    package let crops: CropPlanner
    /// Builds view jobs (the batch's defaults).
    package let views: ViewPlanner
    /// Builds board jobs (the batch's defaults).
    package let boards: BoardPlanner
    /// The operator's policy, which a job may narrow.
    package let policy: BatchPolicy
    /// What one job may ask of the supervisor.
    package let limits: BatchLimits

    /// Makes a reader.
    package init(
        label: String, crops: CropPlanner, views: ViewPlanner, boards: BoardPlanner, policy: BatchPolicy,
        limits: BatchLimits
    ) {
        self.label = label
        self.crops = crops
        self.views = views
        self.boards = boards
        self.policy = policy
        self.limits = limits
    }

    /// The id and job of `line`, or the failed answer of a line that is not one.
    package func read(_ line: JSONLines.Line) -> Result<BatchRequest, BatchAnswer> {
        let id = BatchID(of: line.bytes)
        let number = line.number
        let (command, object, jobPolicy): (JobKind, [String: Any], JobPolicy)
        switch fields(of: line, id: id) {
        case .failure(let problem): return .failure(BatchAnswer(id: id, failed: problem.description))
        case .success(let value): (command, object, jobPolicy) = value
        }
        var warnings: [String] = []
        let warn = { (warning: String) in warnings.append(warning) }
        var request: Result<BatchRequest, BatchProblem>
        switch command {
        case .crop: request = crop(object, id: id, number: number, warn: warn)
        case .view:
            request = views.job(object, file: label, line: number, folder: "", warn: warn).map {
                BatchRequest(id: id, job: .view($0))
            }
        case .board: request = board(object, id: id, number: number, warn: warn)
        }
        request = request.flatMap { planned in
            if let problem = planned.job.flatMap(jobPolicy.qualityProblem) {
                return .failure(BatchProblem(label, line: number, field: "quality", problem))
            }
            var planned = planned
            planned.job = planned.job.map(jobPolicy.applied)
            planned.timeout = jobPolicy.timeout
            planned.line = number
            if case .crop(let crop)? = planned.job, crop.snapsASquare { warnings.append(CropJob.squareSnapWarning) }
            planned.warnings = warnings
            return .success(planned)
        }
        return request.mapError { BatchAnswer(id: id, failed: $0.description, warnings: warnings) }
    }

    /// The command of `line` (whose `id` reads as `id`), its fields without `id` and `command`
    /// and its policy taken out of them; or the problem of a line that is no job.
    private func fields(
        of line: JSONLines.Line, id: BatchID
    ) -> Result<(JobKind, [String: Any], JobPolicy), BatchProblem> {
        let number = line.number
        if let problem = JSONLines.unreadable(line, path: label) { return .failure(problem) }
        if JSONMembers.valueCount(line.bytes, upTo: BatchLimits.values) > BatchLimits.values {
            return .failure(BatchProblem(label, line: number, "more than \(BatchLimits.values) JSON values; not read"))
        }
        var object: [String: Any]
        switch JSONLines.object(BatchLine.withoutID(line, echoed: id), path: label) {
        case .failure(let problem): return .failure(problem)
        case .success(let value): object = value
        }
        guard let command = (object["command"] as? String).flatMap(JobKind.init(rawValue:)) else {
            let shown = object["command"].map { "'\(String(describing: $0))'" } ?? "missing"
            let expected = (JobKind.allCases.map(\.rawValue) + [BatchCancel.command]).joined(separator: ", ")
            return .failure(BatchProblem(label, line: number, field: "command", "\(shown); expected \(expected)"))
        }
        (object["id"], object["command"]) = (nil, nil)
        if let problem = BatchPolicy.batchKeyProblem(in: object, file: label, line: number) {
            return .failure(problem)
        }
        let jobPolicy: JobPolicy
        switch policy.job(&object, file: label, line: number) {
        case .failure(let problem): return .failure(problem)
        case .success(let value): jobPolicy = value
        }
        if let problem = BatchKeys.problem(in: object, command: command, file: label, line: number) {
            return .failure(problem)
        }
        return .success((command, object, jobPolicy))
    }

    /// `line` with its `id`'s value read as `null` when the id was read: the id is echoed as its
    /// text, and a number no double holds (`1e400`) must not make the rest of the line unreadable.
    static func withoutID(_ line: JSONLines.Line, echoed id: BatchID) -> JSONLines.Line {
        guard id != .null, let range = JSONMembers(line.bytes).range(of: "id") else { return line }
        var bytes = line.bytes
        bytes.replaceSubrange(range, with: Array("null".utf8))
        return JSONLines.Line(number: line.number, bytes: bytes)
    }

    /// The answer to line `number`, `length` bytes long, over `--max-line`: read past, not run;
    /// its `id` echoed when the line's first bytes (`head`) give it, and marked a cancel's answer
    /// when they make it a cancel line.
    package func tooLong(number: Int, head: [UInt8], length: Int) -> BatchAnswer {
        let problem = BatchProblem(
            label, line: number, "the line is \(length) bytes, over --max-line \(limits.line); not read")
        guard !BatchCancel.isCancel(head) else { return BatchCancel.failed(BatchID(of: head), problem) }
        return BatchAnswer(id: BatchID(of: head), failed: problem.description)
    }

    /// A board job, refused when it is bigger than the server takes (`BatchLimits`).
    private func board(
        _ object: [String: Any], id: BatchID, number: Int, warn: (String) -> Void
    ) -> Result<BatchRequest, BatchProblem> {
        if let photos = object["photos"] as? [Any], photos.count > limits.photos {
            let problem = "\(photos.count) photos; at most \(limits.photos) (--max-photos)"
            return .failure(BatchProblem(label, line: number, field: "photos", problem))
        }
        return boards.job(object, file: label, line: number).flatMap { job in
            if let problem = limits.problem(board: job.plan) {
                return .failure(BatchProblem(label, line: number, "\(job.output): \(problem)"))
            }
            CaptionFonts.warnings(job.plan.photos.map(\.caption)).forEach(warn)
            return .success(BatchRequest(id: id, job: .board(job)))
        }
    }

    /// A crop job: one rect (`rect`, `output`), or several (`crops`) of one input, of which those
    /// that cannot be planned fail alone while the others are done.
    private func crop(
        _ object: [String: Any], id: BatchID, number: Int, warn: (String) -> Void
    ) -> Result<BatchRequest, BatchProblem> {
        guard let list = object["crops"] else {
            return plan(object, number: number, index: 0, count: 1, warn: warn).flatMap { planned in
                job([planned], number: number).map { BatchRequest(id: id, job: .crop($0)) }
            }
        }
        guard let crops = list as? [[String: Any]], !crops.isEmpty else {
            return .failure(
                BatchProblem(label, line: number, field: "crops", "expected a list of {\"rect\", \"output\"}"))
        }
        guard crops.count <= limits.rects else {
            return .failure(
                BatchProblem(
                    label, line: number, field: "crops", "\(crops.count) rects; at most \(limits.rects) (--max-rects)"))
        }
        var shared = object
        shared["crops"] = nil
        var planned: [CropPlanner.Planned] = []
        var slots: [BatchRequest.Slot] = []
        for (index, fields) in crops.enumerated() {
            if let problem = BatchPolicy.batchKeyProblem(
                in: fields, file: label, line: number, prefix: "crops[\(index)].")
            {
                slots.append(.refused(.problem(problem)))
                continue
            }
            if let key = fields.keys.sorted().first(where: BatchPolicy.names.contains) {
                let problem = BatchProblem(
                    label, line: number, field: "crops[\(index)].\(key)",
                    "a key of the whole job: give it beside 'crops'")
                slots.append(.refused(.problem(problem)))
                continue
            }
            let merged = shared.merging(fields) { _, own in own }
            switch plan(merged, number: number, index: index, count: crops.count, warn: warn) {
            case .failure(let problem):
                slots.append(.refused(.problem(problem, output: merged["output"] as? String)))
            case .success(let crop):
                if slots.contains(where: {
                    if case .planned(crop.item.output) = $0 { return true } else { return false }
                }) {
                    let problem = BatchProblem(
                        label, line: number, field: "crops[\(index)].output",
                        "'\(crop.item.output)' is already the output of an earlier crop")
                    slots.append(.refused(.problem(problem)))
                    continue
                }
                planned.append(crop)
                slots.append(.planned(output: crop.item.output))
            }
        }
        guard !planned.isEmpty else { return .success(BatchRequest(id: id, job: nil, slots: slots)) }
        return job(planned, number: number).map { BatchRequest(id: id, job: .crop($0), slots: slots) }
    }

    /// One crop's fields planned, or the problem located at the crop.
    private func plan(
        _ fields: [String: Any], number: Int, index: Int, count: Int, warn: (String) -> Void
    ) -> Result<CropPlanner.Planned, BatchProblem> {
        let entry: ManifestEntry
        switch ManifestReader.entry(fields, number: number, path: label, folder: "", ignored: ["crops"]) {
        case .failure(let problem): return .failure(located(problem, crop: index, of: count))
        case .success(let value): entry = value
        }
        switch crops.item(entry, file: label, base: "", number: index + 1, fallback: nil, warn: warn) {
        case .failure(let problem): return .failure(located(problem, crop: index, of: count))
        case .success(let item): return .success((entry.input, item, nil))
        }
    }

    /// The one job of `planned` crops (of one input).
    private func job(_ planned: [CropPlanner.Planned], number: Int) -> Result<CropJob, BatchProblem> {
        guard Set(planned.map(\.input)).count == 1 else {
            return .failure(
                BatchProblem(label, line: number, field: "input", "every crop of a job takes the same input"))
        }
        let (jobs, problems) = crops.jobs(planned)
        if let problem = problems.first { return .failure(problem) }
        guard let job = jobs.first else { return .failure(BatchProblem(label, line: number, "nothing to crop")) }
        return .success(job)
    }

    /// `problem` with the crop's number when the job has several.
    private func located(_ problem: BatchProblem, crop index: Int, of count: Int) -> BatchProblem {
        guard count > 1 else { return problem }
        let field = "crops[\(index)]" + (problem.field.map { ".\($0)" } ?? "")
        return BatchProblem(problem.path, line: problem.line, field: field, problem.message)
    }
}
