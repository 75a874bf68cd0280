import Foundation
import LightboxRender
import LightboxSystem

/// Draws one board in the supervisor: each photo is decoded by `decode` and a background image by
/// `cover` (in a worker, or in this process for a library caller), the cards are drawn and
/// composed here, and the board is written.
///
/// A photo that fails, crashes or hangs its decoder is left out (or drawn as an empty card with
/// `placeholder`) and named, on stderr and in the record; the board is still written.
package struct BoardExecutor: Sendable {
    /// Decodes one card's photo to its square.
    package let decode: BoardRenderer.PhotoDecoder
    /// Decodes a background image to cover the board.
    package let cover: BoardRenderer.CoverDecoder
    /// Where each photo's failure is printed.
    package let console: Console
    /// The roots the board must be written in; nil for none.
    package let roots: PathRoots?
    /// What is at an existing output, in its format (for `skipIfWhole`): read in a worker, or in this process.
    package let look: @Sendable (String, OutputFormat?) -> ExistingOutput

    /// Makes an executor.
    package init(
        decode: @escaping BoardRenderer.PhotoDecoder, cover: @escaping BoardRenderer.CoverDecoder = BoardRenderer.cover,
        console: Console, roots: PathRoots? = nil, look: (@Sendable (String, OutputFormat?) -> ExistingOutput)? = nil
    ) {
        self.decode = decode
        self.cover = cover
        self.console = console
        self.roots = roots
        self.look = look ?? { ExistingOutput.look($0, format: $1, roots: roots) }
    }

    /// Draws and writes `job`, and returns its record; a job that skips a whole output draws
    /// nothing, and one that finds something else there fails unless it replaces it. Only
    /// `lstat` looks at the output here; a regular file is read where `look` reads it.
    package func run(_ job: BoardJob) -> BatchRecord {
        if job.skipIfWhole {
            let existing = ExistingOutput.glance(job.output) ?? look(job.output, job.save.format(of: job.output))
            switch existing {
            case .whole: return BoardRecords.skipped(job)
            case .other(let reason) where !job.replacesNotWhole:
                let problem = ExistingOutput.refusal(job.output, reason)
                return BoardRecords.record(job, failures: [], written: false, problem: problem, milliseconds: 0)
            case .missing, .other: break
            }
        }
        let start = DispatchTime.now().uptimeNanoseconds
        var failures: [RenderError] = []
        var problem: RenderError?
        do throws(RenderError) {
            let outcome = try BoardRenderer(
                plan: job.plan, placeholder: job.placeholder, limits: job.limits, decode: decode, cover: cover
            ).render()
            failures = outcome.failures
            for failure in failures {
                let message = job.origin.located(failure.description)
                if job.placeholder {
                    console.warning("\(message) (drawn as an empty card)")
                } else {
                    console.error("\(message) (card skipped)")
                }
            }
            try BoardRenderer.write(
                outcome, with: AtomicWriter(options: job.save, roots: roots), to: job.output,
                threads: ProcessInfo.processInfo.activeProcessorCount)
        } catch {
            problem = error
        }
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        return BoardRecords.record(
            job, failures: failures, written: problem == nil, problem: problem, milliseconds: milliseconds)
    }
}
