import Foundation
import LightboxRender
import LightboxSystem

/// Draws and writes one board inside a worker: its cards from the squares other workers decoded
/// (`BoardPhotos`), its background image read here by the rule of every input, the board written
/// through the roots. The supervisor only collects the squares and sends them here, so a job's
/// output name, save options and background never make the supervisor open a file.
package enum BoardDrawing {
    /// Draws `job` with `photos`, writes it, and says what became of it.
    ///
    /// The photos are decoded by then and every layer is drawn in memory, so the write takes every
    /// core (libvips threads), as a board written by the supervisor did.
    package static func run(_ job: BoardJob, photos: BoardPhotos, context: WorkerContext) -> BoardReport {
        let roots = context.roots
        let cover: BoardRenderer.CoverDecoder = { path, width, height, limits throws(RenderError) in
            WorkerFault.inject(for: path, outputs: [job.output])
            let pins = try InputPins([path], roots: roots)
            defer { pins.release() }
            return try BoardRenderer.cover(path, width, height, limits)
        }
        let outcome: BoardOutcome
        do throws(RenderError) {
            outcome = try BoardRenderer(
                plan: job.plan, placeholder: job.placeholder, limits: job.limits, decode: photos.decoder, cover: cover
            ).render()
        } catch {
            return BoardReport(failures: [], problem: error, bytes: nil)
        }
        do throws(RenderError) {
            try BoardRenderer.write(
                outcome, with: AtomicWriter(options: job.save, roots: roots), to: job.output,
                threads: ProcessInfo.processInfo.activeProcessorCount)
        } catch {
            return BoardReport(failures: outcome.failures, problem: error, bytes: nil)
        }
        let bytes = job.output == OutputPath.standardOutput ? nil : Journal.size(of: job.output)
        return BoardReport(failures: outcome.failures, problem: nil, bytes: bytes)
    }
}
