import Foundation
import LightboxFormats
import LightboxGeometry
import LightboxJobs
import LightboxRender

extension Renderer {
    /// Draws the board and writes it; a photo that cannot be read is left out and listed in the result.
    ///
    /// Throws when the request cannot be drawn (a size out of range, an id used twice), when the
    /// background image cannot be read, or when the output cannot be written.
    public func board(_ request: BoardRequest) throws(LightboxError) -> BoardResult {
        guard case .board(let result) = perform(.board(request)) else { preconditionFailure("a board gives a board") }
        return try result.get()
    }

    /// The board of `request`, run as a job by `runner`.
    func board(_ request: BoardRequest, runner: JobRunner) throws(LightboxError) -> BoardResult {
        let plan = try request.plan()
        let job = BoardJob(
            plan: plan, output: request.output, save: try save.rendered(pictures: true, output: request.output),
            placeholder: false, limits: CardPhoto.Limits(maxPixels: maxPixels), origin: JobOrigin())
        guard let record = records(.board(job), runner: runner).first else {
            throw LightboxError(request.output, "nothing was drawn")
        }
        let failed = Renderer.failures(record)
        if record.status != .done, let cause = record.cause, !failed.contains(LightboxError(cause)) {
            throw LightboxError(cause)
        }
        let pixels = plan.pixelSize
        return BoardResult(width: pixels.width, height: pixels.height, failures: failed)
    }

    /// The photos a board's record lists under `failed`.
    static func failures(_ record: BatchRecord) -> [LightboxError] {
        guard case .array(let items)? = record.fields.first(where: { $0.0 == "failed" })?.1 else { return [] }
        return items.compactMap { item in
            guard case .object(let pairs) = item, case .string(let path)? = pairs.first(where: { $0.0 == "input" })?.1,
                case .string(let reason)? = pairs.first(where: { $0.0 == "error" })?.1
            else { return nil }
            return LightboxError(RenderError(path, reason))
        }
    }
}
