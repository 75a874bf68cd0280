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
    /// and seals the process's heap (`DecodeState.sealProcess`); a debug build's tests may stop
    /// the worker here, before it says it is ready (`WorkerFault.stopAtStart`).
    package func prepare() {
        DecodeState.sealProcess()
        WorkerFault.stopAtStart()
    }

    /// Reads the request, runs it, and answers with a typed reply: a crop job's progress ahead
    /// of its previews, a view job's report, a board photo's pixels (or why not), a board's report.
    /// Every request starts from a clean decode state (`DecodeState.startJob`), whatever ran before it here.
    package func perform(_ request: [UInt8], interim: ([UInt8]) -> Void) -> WorkerAnswer {
        DecodeState.startJob()
        LibvipsSettings.forWorker()
        let reply: WorkerReply
        var overMemory = false
        switch WorkerRequest(bytes: request) {
        case .crop(let job, let context):
            let executor = CropExecutor(console: Console(quiet: context.quiet), roots: context.roots)
            let previews = executor.run(job) { progress in
                if case .report(let report) = progress, report.isOverMemoryLimit { overMemory = true }
                interim(WorkerReply.crop(progress).bytes)
            }
            reply = .previews(previews)
        case .view(let job, let context):
            let report = ViewExecutor.run(
                job, roots: context.roots, console: Console(quiet: context.quiet), renderThreads: context.renderThreads)
            overMemory = report.isOverMemoryLimit
            reply = .view(report)
        case .cardPhoto(let path, let side, let limits, let roots):
            reply = JobWorkerTask.decode(path, roots: roots) { () throws(RenderError) in
                try CardPhoto.square(path, side: side, limits: limits)
            }
        case .board(let job, let photos, let context):
            let report = BoardDrawing.run(job, photos: photos, context: context)
            overMemory = report.isOverMemoryLimit
            reply = .board(report)
        case .existingOutput(let path, let format, let roots):
            reply = .existing(ExistingOutput.look(path, format: format, roots: roots))
        case nil:
            reply = .unreadable
        }
        if case .failed(let error) = reply, error.isOverMemoryLimit { overMemory = true }
        WorkerFault.answeredOne()
        return WorkerAnswer(reply.bytes, retire: overMemory)
    }

    /// Decodes one image of a board (`path`, opened through `roots`) with `decode`: its pixels
    /// (with its decoder's warnings, when it gave any), or why not.
    private static func decode(
        _ path: String, roots: PathRoots?, _ decode: () throws(RenderError) -> VImage
    ) -> WorkerReply {
        WorkerFault.inject(for: path)
        do throws(RenderError) {
            let pins = try InputPins([path], roots: roots)
            defer { pins.release() }
            guard let pixels = PixelBuffer(try decode()) else {
                return .failed(RenderError(path, "a worker's pixels could not be read"))
            }
            let warnings = DecoderWarnings.sinceOpened()
            return warnings.isEmpty ? .pixels(pixels) : .warned(pixels, warnings)
        } catch {
            return .failed(error)
        }
    }
}
