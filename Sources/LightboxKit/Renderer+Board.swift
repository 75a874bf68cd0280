import Foundation
import LightboxGeometry
import LightboxRender

extension Renderer {
    /// Draws the board and writes it; a photo that cannot be read is left out and listed in the result.
    ///
    /// Throws when the request cannot be drawn (a size out of range, an id used twice), when the
    /// background image cannot be read, or when the output cannot be written.
    public func board(_ request: BoardRequest) throws(LightboxError) -> BoardResult {
        let plan = try request.plan()
        let options = try save.rendered(pictures: true, output: request.output)
        do throws(RenderError) {
            let outcome = try BoardRenderer(plan: plan, limits: CardPhoto.Limits(maxPixels: maxPixels)).render()
            try BoardRenderer.write(outcome, with: AtomicWriter(options: options), to: request.output)
            let pixels = plan.pixelSize
            return BoardResult(
                width: pixels.width, height: pixels.height, failures: outcome.failures.map(LightboxError.init))
        } catch {
            throw LightboxError(error)
        }
    }
}
