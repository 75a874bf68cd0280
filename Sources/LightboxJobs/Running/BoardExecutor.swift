import Foundation
import LightboxRender
import LightboxSystem

/// Draws one board in this process, for a library caller (`LocalExecutor`): each photo is decoded
/// by `decode` and a background image by `cover`, the cards are drawn and composed here, and the
/// board is written. Under workers a board is drawn and written in a worker (`BoardDrawing`).
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

    /// Draws and writes `job`, and returns its record (`leftAsItIs` when its output is kept).
    package func run(_ job: BoardJob) -> BatchRecord {
        if let left = BoardExecutor.leftAsItIs(job, look: look) { return left }
        let start = DispatchTime.now().uptimeNanoseconds
        var failures: [RenderError] = []
        var problem: RenderError?
        do throws(RenderError) {
            let outcome = try BoardRenderer(
                plan: job.plan, placeholder: job.placeholder, limits: job.limits, decode: decode, cover: cover
            ).render()
            failures = outcome.failures
            BoardExecutor.say(failures, of: job, to: console)
            try BoardRenderer.write(
                outcome, with: AtomicWriter(options: job.save, roots: roots), to: job.output,
                threads: ProcessInfo.processInfo.activeProcessorCount)
        } catch {
            problem = error
        }
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        return BoardRecords.record(
            job, failures: failures, written: problem == nil, problem: problem, milliseconds: milliseconds,
            bytes: problem == nil ? Journal.size(of: job.output) : nil)
    }

    /// The record of a job not drawn because of what is at its output, or nil to draw it: a
    /// `skipIfWhole` job skips a whole output and fails on anything else there unless it replaces
    /// it. Only `lstat` looks at the output here; a regular file is read where `look` reads it.
    static func leftAsItIs(_ job: BoardJob, look: (String, OutputFormat?) -> ExistingOutput) -> BatchRecord? {
        guard job.skipIfWhole else { return nil }
        switch ExistingOutput.glance(job.output) ?? look(job.output, job.save.format(of: job.output)) {
        case .whole: return BoardRecords.skipped(job)
        case .other(let reason) where !job.replacesNotWhole:
            let problem = ExistingOutput.refusal(job.output, reason)
            return BoardRecords.record(job, failures: [], written: false, problem: problem, milliseconds: 0)
        case .missing, .other: return nil
        }
    }

    /// Prints each photo that could not be drawn: an error (card skipped), or a warning with `placeholder`.
    package static func say(_ failures: [RenderError], of job: BoardJob, to console: Console) {
        for failure in failures {
            let message = job.origin.located(failure.description)
            if job.placeholder {
                console.warning("\(message) (drawn as an empty card)")
            } else {
                console.error("\(message) (card skipped)")
            }
        }
    }
}
