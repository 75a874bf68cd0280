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
    package func read(_ line: String, number: Int, warn: (String) -> Void) -> Result<(JSONValue, Job), BatchAnswer> {
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
        let job: Result<Job, BatchProblem>
        switch command {
        case "crop": job = crop(object, number: number, warn: warn).map(Job.crop)
        case "view": job = views.job(object, file: label, line: number, folder: "", warn: warn).map(Job.view)
        default: job = boards.job(object, file: label, line: number).map(Job.board)
        }
        return job.map { (id, $0) }.mapError { BatchAnswer(id: id, failed: $0.description) }
    }

    /// A crop job: one rect (`rect`, `output`) or several (`crops`), all of one input.
    private func crop(_ object: [String: Any], number: Int, warn: (String) -> Void) -> Result<CropJob, BatchProblem> {
        var entries: [[String: Any]] = [object]
        if let list = object["crops"] {
            guard let crops = list as? [[String: Any]], !crops.isEmpty else {
                return .failure(
                    BatchProblem(label, line: number, field: "crops", "expected a list of {\"rect\", \"output\"}"))
            }
            var shared = object
            shared["crops"] = nil
            entries = crops.map { crop in shared.merging(crop) { _, own in own } }
        }
        var planned: [CropPlanner.Planned] = []
        for (index, fields) in entries.enumerated() {
            let entry: ManifestEntry
            switch ManifestReader.entry(fields, number: number, path: label, folder: "") {
            case .failure(let problem): return .failure(located(problem, crop: index, of: entries.count))
            case .success(let value): entry = value
            }
            switch crops.item(entry, file: label, base: "", number: index + 1, fallback: nil, warn: warn) {
            case .failure(let problem): return .failure(located(problem, crop: index, of: entries.count))
            case .success(let item): planned.append((entry.input, item, nil))
            }
        }
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
