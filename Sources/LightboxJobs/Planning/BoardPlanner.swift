import Foundation
import LightboxFormats
import LightboxRender

/// Builds board jobs: from a layout file or a `lightbox batch` board job's keys (a layout's, and
/// `output`), with the checks every board meets whichever door it came in by.
package struct BoardPlanner: Sendable {
    /// Quality and replacing for every board.
    package let save: SaveOptions
    /// `fail_on` and the pixel limit for every photo.
    package let limits: CardPhoto.Limits
    /// Draw an empty card for a photo that cannot be read.
    package let placeholder: Bool

    /// Makes a planner.
    package init(save: SaveOptions, limits: CardPhoto.Limits, placeholder: Bool) {
        self.save = save
        self.limits = limits
        self.placeholder = placeholder
    }

    /// The board of a batch job's keys on line `line` of `file`: a layout's keys, and `output`.
    package func job(_ object: [String: Any], file: String, line: Int) -> Result<BoardJob, BatchProblem> {
        guard let text = object["output"] as? String, !text.isEmpty else {
            return .failure(BatchProblem(file, line: line, field: "output", "missing or not a string"))
        }
        let name: OutputName
        switch OutputRule.checked(OutputName(text)) {
        case .failure(let reason):
            return .failure(
                BatchProblem(
                    file, line: line, field: "output", "'\(OutputDepth.shown(OutputName(text).path))': \(reason)"))
        case .success(let value): name = value
        }
        var layout = object
        layout["output"] = nil
        let plan: BoardPlan
        do {
            let data = try JSONSerialization.data(withJSONObject: layout)
            plan = try BoardPlanner.checked(
                try BoardLayoutFile.parse(data, folder: ""), output: name.path,
                format: save.format(of: name.path))
        } catch let error as BoardFieldError {
            return .failure(BatchProblem(file, line: line, error.description))
        } catch {
            return .failure(BatchProblem(file, line: line, "not a board layout"))
        }
        var save = self.save
        save.saverSettings = name.settings
        return .success(
            BoardJob(
                plan: plan, output: name.path, save: save, placeholder: placeholder, limits: limits,
                origin: JobOrigin(source: file, line: line)))
    }

    /// `plan` if its dragged card exists and its board and cards are within the size limits for
    /// `output` in `format` (the message names the output, as every size error does).
    package static func checked(
        _ plan: BoardPlan, output: String, format: OutputFormat?
    ) throws(BoardFieldError) -> BoardPlan {
        if let dragging = plan.dragging, !plan.photos.contains(where: { $0.id == dragging.id }) {
            throw BoardFieldError("dragging", "'\(dragging.id)': no photo has this id")
        }
        if let problem = plan.sizeProblem(format: format) { throw BoardFieldError("", "\(output): \(problem)") }
        return plan
    }
}
