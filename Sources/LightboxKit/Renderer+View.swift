import Foundation
import LightboxGeometry
import LightboxJobs
import LightboxRender

extension Renderer {
    /// Renders the viewer snapshot and writes it; throws when the request cannot be drawn or the photo shown cannot be read.
    ///
    /// Only the page shown is read (the others give the header's count), and of a JPEG only the
    /// part on screen is decoded.
    public func view(_ request: ViewerRequest) throws(LightboxError) -> ViewerResult {
        guard case .view(let result) = perform(.view(request)) else { preconditionFailure("a view gives a view") }
        return try result.get()
    }

    /// The snapshot of `request`, run as a job by `runner`.
    func view(_ request: ViewerRequest, runner: JobRunner) throws(LightboxError) -> ViewerResult {
        let rendered = try request.rendered()
        let job = ViewJob(
            request: rendered, save: try save.rendered(pictures: true, output: request.output), failOn: .standard,
            maxPixels: maxPixels, origin: JobOrigin())
        let record = records(.view(job), runner: runner).first
        if let cause = record?.cause ?? (record == nil ? RenderError(request.output, "nothing was rendered") : nil) {
            throw LightboxError(cause)
        }
        let state = rendered.state
        return ViewerResult(
            photo: job.shownInput, width: Int((state.screen.width * state.scale).rounded()),
            height: Int((state.screen.height * state.scale).rounded()))
    }
}
