import Foundation
import LightboxRender

/// Runs one viewer job where the pixels are: skips an output `--resume` met unrecorded when it
/// decodes whole, else renders and writes the snapshot or animation.
package enum ViewExecutor {
    /// The record of `job` once done.
    package static func run(_ job: ViewJob) -> BatchRecord {
        WorkerFault.inject(for: job.shownInput, outputs: [job.request.output])
        if job.skipIfWhole && !job.dryRun && OutputPath.isWholeImage(job.request.output) {
            return ViewRecords.skipped(job)
        }
        let outcome = ViewRunner(writer: AtomicWriter(options: job.save), failOn: job.failOn, maxPixels: job.maxPixels)
            .run(job.request, dryRun: job.dryRun)
        return ViewRecords.record(outcome, job: job)
    }
}
