import Foundation
import LightboxRender
import LightboxSystem

/// Runs one viewer job where the pixels are: opens its pages through the roots (when the run has
/// them), skips an output `--resume` met unrecorded (or `skipExisting` asked) when it is a whole
/// image of its format and fails on anything else there unless it replaces it, else renders and
/// writes the snapshot or animation, saying on `console` when the photo's size clamped `--offset`.
package enum ViewExecutor {
    /// What became of `job`; files are read and written through `roots` when given, a snapshot
    /// decoded first resampled and written by `renderThreads` libvips threads when given.
    package static func run(
        _ job: ViewJob, roots: PathRoots? = nil, console: Console, renderThreads: Int? = nil
    ) -> ViewReport {
        WorkerFault.inject(for: job.shownInput, outputs: [job.request.output])
        let pins: InputPins
        do {
            pins = try InputPins(job.request.inputs, roots: roots)
        } catch {
            return .refused(error)
        }
        defer { pins.release() }
        if job.skipIfWhole {
            let output = job.request.output
            switch ExistingOutput.look(output, format: job.save.format(of: output), roots: roots) {
            case .whole: return .skipped
            case .other(let reason) where !job.replacesNotWhole: return .refused(ExistingOutput.refusal(output, reason))
            case .missing, .other: break
            }
        }
        let outcome = ViewRunner(
            writer: AtomicWriter(options: job.save, roots: roots), failOn: job.failOn, maxPixels: job.maxPixels,
            renderThreads: renderThreads
        ).run(job.request, dryRun: job.dryRun)
        if let layout = outcome.layout,
            let clamped = ViewClamps.offsetWarning(given: job.request.state.offset, layout: layout)
        {
            console.warning(job.origin.located(clamped))
        }
        return .rendered(outcome)
    }
}
