import Foundation
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
        let failed = record.failures.map(LightboxError.init)
        if record.status != .done, let cause = record.cause, !failed.contains(LightboxError(cause)) {
            throw LightboxError(cause)
        }
        let pixels = plan.pixelSize
        return BoardResult(width: pixels.width, height: pixels.height, failures: failed)
    }
}
