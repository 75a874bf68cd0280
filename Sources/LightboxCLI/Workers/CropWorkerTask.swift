import Foundation
import LightboxRender
import LightboxWorkers

/// A crop worker: decodes one input and writes its crops (and previews), answering with the records.
struct CropWorkerTask: WorkerTask {
    /// The checked command line the worker was started with.
    let options: CropOptions
    /// Where `--dry-run` lines go (the terminal's stdout, shared with the supervisor).
    let console: Console

    /// libvips as the batch runner set it: `cores / jobs` threads per pipeline, a bounded cache.
    func prepare() {
        LibvipsSettings.forWorker(jobs: options.batch.jobs)
    }

    /// Runs one `CropJob`; the answer is its records, then the contact-sheet previews as pixels.
    func perform(_ request: [UInt8]) -> [UInt8] {
        var reader = WireReader(request)
        var answer = WireWriter()
        guard let job = try? CropJob.read(from: &reader) else {
            answer.list([
                BatchRecord(status: .failed, fields: [], error: "a worker could not read its request", milliseconds: 0)
            ]) { $1.write(to: &$0) }
            answer.int(0)
            return answer.bytes
        }
        WorkerFault.inject(for: job.input, outputs: job.items.map(\.output))
        let sheet = options.contactSheet == nil ? nil : ContactSheet()
        let records = CropWork(
            options: options, console: console, sheet: sheet, ledger: ResumeLedger.forRun(options.batch)
        ).run(job)
        answer.list(records) { $1.write(to: &$0) }
        let previews = sheet?.take() ?? []
        answer.list(previews) { wire, preview in
            wire.int(preview.order.0)
            wire.int(preview.order.1)
            WorkerImage.write(PixelBuffer(preview.image), to: &wire)
        }
        return answer.bytes
    }
}
