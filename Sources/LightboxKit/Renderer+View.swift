import Foundation
import LightboxGeometry
import LightboxRender

extension Renderer {
    /// Renders the viewer snapshot and writes it; throws when the request cannot be drawn or the photo shown cannot be read.
    ///
    /// Only the page shown is read (the others give the header's count), and of a JPEG only the
    /// part on screen is decoded.
    public func view(_ request: ViewerRequest) throws(LightboxError) -> ViewerResult {
        let rendered = try request.rendered()
        let runner = ViewRunner(
            writer: AtomicWriter(options: try save.rendered(pictures: true, output: request.output)),
            maxPixels: maxPixels)
        let outcome = runner.run(rendered, dryRun: false)
        if let error = outcome.error { throw LightboxError(error) }
        return ViewerResult(
            photo: outcome.input, width: outcome.layout?.pixelWidth ?? 0, height: outcome.layout?.pixelHeight ?? 0)
    }
}
