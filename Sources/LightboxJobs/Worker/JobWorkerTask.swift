import Foundation
import LightboxRender
import LightboxWorkers
import Vips

/// The one task every worker process runs, whatever the command: it reads a typed request, does
/// it with the same executors a library caller uses, and answers.
///
/// Crop jobs report each item as an interim message the moment it is written, so a supervisor
/// killed or interrupted mid-job still learns of (and journals) every finished crop.
package struct JobWorkerTask: WorkerTask {
    /// Makes the task.
    package init() {}

    /// Starts libvips before the first request, so its start-up does not count against an item.
    package func prepare() {
        Vips.ensureStarted()
    }

    /// Reads the request, runs it, and answers: previews for a crop job, the record for a view
    /// job, the square's pixels (or the error) for a card photo.
    package func perform(_ request: [UInt8], interim: ([UInt8]) -> Void) -> [UInt8] {
        var answer = WireWriter()
        switch WorkerRequest(bytes: request) {
        case .crop(let job, let context):
            LibvipsSettings.forWorker(jobs: context.jobs)
            let previews = CropExecutor(console: Console(quiet: context.quiet)).run(job) { interim($0.bytes) }
            answer.list(previews) { wire, preview in
                wire.int(preview.order.0)
                wire.int(preview.order.1)
                WorkerImage.write(preview.pixels, to: &wire)
            }
        case .view(let job, let context):
            LibvipsSettings.forWorker(jobs: context.jobs)
            ViewExecutor.run(job).write(to: &answer)
        case .cardPhoto(let path, let side, let limits):
            LibvipsSettings.singleThreaded()
            WorkerFault.inject(for: path)
            do {
                let square = try CardPhoto.square(path, side: side, limits: limits)
                answer.bool(true)
                WorkerImage.write(PixelBuffer(square), to: &answer)
            } catch {
                answer.bool(false)
                answer.string(error.path)
                answer.string(error.reason)
            }
        case nil:
            answer.string("a worker could not read its request")
        }
        return answer.bytes
    }
}
