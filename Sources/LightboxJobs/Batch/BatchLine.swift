import Foundation
import LightboxFormats
import LightboxRender

/// Reads one `lightbox batch` line into its client id and a typed job, with the same field
/// readers as the commands' own doors: a crop job's fields are a crop manifest line's (and
/// `crops`, several rects of the input, each with its output), a view job's a state manifest
/// line's, a board job's a layout file's. A bad line is a failed answer naming its line.
package struct BatchLine: Sendable {
    /// The commands a job may name.
    package static let commands = ["crop", "view", "board"]
    /// The keys of the envelope, read here.
    static let envelope: Set<String> = ["id", "command"]

    /// What messages call the input: the jobs file, or `stdin`.
    package let label: String
    /// Builds crop jobs (the batch's defaults, outputs as given).
    package let crops: CropPlanner
    /// Builds view jobs (the batch's defaults).
    package let views: ViewPlanner
    /// Builds board jobs (the batch's defaults).
    package let boards: BoardPlanner

    /// Makes a reader.
    package init(label: String, crops: CropPlanner, views: ViewPlanner, boards: BoardPlanner) {
        self.label = label
        self.crops = crops
        self.views = views
        self.boards = boards
    }

    /// The id and job of line `number`, or the failed answer of a line that is not one.
    package func read(_ line: String, number: Int, warn: (String) -> Void) -> Result<BatchRequest, BatchAnswer> {
        var object: [String: Any]
        switch JSONLines.object(line, number: number, path: label) {
        case .failure(let problem): return .failure(BatchAnswer(id: .null, failed: problem.description))
        case .success(let value): object = value
        }
        let id = JSONValue(any: object["id"] ?? NSNull())
        guard let command = object["command"] as? String, BatchLine.commands.contains(command) else {
            let shown = object["command"].map { "'\(String(describing: $0))'" } ?? "missing"
            return .failure(
                BatchAnswer(
                    id: id,
                    failed:
                        "\(label):\(number): command: \(shown); expected \(BatchLine.commands.joined(separator: ", "))")
            )
        }
        object["id"] = nil
        object["command"] = nil
        let request: Result<BatchRequest, BatchProblem>
        switch command {
        case "crop": request = crop(object, id: id, number: number, warn: warn)
        case "view":
            request = views.job(object, file: label, line: number, folder: "", warn: warn).map {
                BatchRequest(id: id, job: .view($0))
            }
        default: request = boards.job(object, file: label, line: number).map { BatchRequest(id: id, job: .board($0)) }
        }
        return request.mapError { BatchAnswer(id: id, failed: $0.description) }
    }

    /// A crop job: one rect (`rect`, `output`), or several (`crops`) of one input, of which those
    /// that cannot be planned fail alone while the others are done.
    private func crop(
        _ object: [String: Any], id: JSONValue, number: Int, warn: (String) -> Void
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
        var shared = object
        shared["crops"] = nil
        var planned: [CropPlanner.Planned] = []
        var slots: [BatchRequest.Slot] = []
        for (index, fields) in crops.enumerated() {
            let merged = shared.merging(fields) { _, own in own }
            switch plan(merged, number: number, index: index, count: crops.count, warn: warn) {
            case .failure(let problem):
                var record = BatchRecord.problem(problem)
                if let output = merged["output"] as? String {
                    record = BatchRecord(
                        status: .failed, fields: record.fields + [("output", .string(output))], error: record.error,
                        milliseconds: 0)
                }
                slots.append(.refused(record))
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
