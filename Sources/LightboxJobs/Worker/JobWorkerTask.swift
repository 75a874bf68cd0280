import Foundation
import LightboxRender
import LightboxSystem
import LightboxWorkers
import Vips

/// The one task every worker process runs, whatever the command: it reads a typed request, does
/// it with the same executors a library caller uses, and answers.
///
/// Crop jobs report each item as an interim message the moment it is written, so a supervisor
/// killed or interrupted mid-job still learns of (and journals) every finished crop. A request
/// that went over the worker's memory limit is answered, then the worker leaves (`WorkerAnswer.retire`).
package struct JobWorkerTask: WorkerTask {
    /// Makes the task.
    package init() {}

    /// Starts libvips before the first request, so its start-up does not count against an item,
    /// and seals the process's heap (`DecodeState.sealProcess`).
    package func prepare() {
        DecodeState.sealProcess()
    }

    /// Reads the request, runs it, and answers: previews for a crop job, the record for a view
    /// job, the square's pixels (or the error) for a card photo.
    /// Every request starts from a clean decode state (`DecodeState.startJob`), whatever ran before it here.
    package func perform(_ request: [UInt8], interim: ([UInt8]) -> Void) -> WorkerAnswer {
        DecodeState.startJob()
        LibvipsSettings.forWorker()
        var answer = WireWriter()
        var overMemory = false
        switch WorkerRequest(bytes: request) {
        case .crop(let job, let context):
            let executor = CropExecutor(console: Console(quiet: context.quiet), roots: context.roots)
            let previews = executor.run(job) { progress in
                if case .record(let record) = progress, record.cause?.isOverMemoryLimit == true { overMemory = true }
                interim(progress.bytes)
            }
            answer.list(previews) { wire, preview in
                wire.int(preview.order.0)
                wire.int(preview.order.1)
                WorkerImage.write(preview.pixels, to: &wire)
            }
        case .view(let job, let context):
            let record = ViewExecutor.run(job, roots: context.roots, console: Console(quiet: context.quiet))
            overMemory = record.cause?.isOverMemoryLimit == true
            record.write(to: &answer)
        case .cardPhoto(let path, let side, let limits, let roots):
            overMemory = JobWorkerTask.decode(path, roots: roots, into: &answer) { () throws(RenderError) in
                try CardPhoto.square(path, side: side, limits: limits)
            }
        case .cover(let path, let width, let height, let roots):
            overMemory = JobWorkerTask.decode(path, roots: roots, into: &answer) { () throws(RenderError) in
                try BoardRenderer.cover(path, width, height)
            }
        case .wholeOutput(let path, let roots):
            answer.bool(OutputPath.isWholeImage(path, roots: roots))
        case nil:
            answer.string("a worker could not read its request")
        }
        WorkerFault.answeredOne()
        return WorkerAnswer(answer.bytes, retire: overMemory)
    }

    /// Decodes one image of a board (`path`, opened through `roots`) with `decode` into `answer`:
    /// true and its pixels, or false and the error's path and reason. Returns whether the decode
    /// went over the memory limit.
    private static func decode(
        _ path: String, roots: PathRoots?, into answer: inout WireWriter, _ decode: () throws(RenderError) -> VImage
    ) -> Bool {
        WorkerFault.inject(for: path)
        do throws(RenderError) {
            let pins = try InputPins([path], roots: roots)
            defer { pins.release() }
            let image = try decode()
            answer.bool(true)
            WorkerImage.write(PixelBuffer(image), to: &answer)
            return false
        } catch {
            answer.bool(false)
            answer.string(error.path)
            answer.string(error.reason)
            return error.isOverMemoryLimit
        }
    }
}
