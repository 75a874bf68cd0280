import Foundation
import LightboxRender
import LightboxWorkers

/// A view worker: renders the command line's snapshot, or one manifest line, and answers with the result.
struct ViewWorkerTask: WorkerTask {
    /// The snapshot of the command line, when there is no manifest.
    let single: ViewOptions?
    /// The manifest batch, whose lines come with each request.
    let batch: ViewBatch?

    /// A batch sets libvips as the batch runner does: `cores / jobs` threads, a bounded cache.
    func prepare() {
        guard let batch else { return }
        LibvipsSettings.forWorker(jobs: batch.batch.jobs)
    }

    /// Single: answers the error (if any) and the JSON line. Batch: reads a line number and its
    /// arguments, answers the line's record.
    func perform(_ request: [UInt8]) -> [UInt8] {
        var answer = WireWriter()
        if let single {
            WorkerFault.inject(for: ViewWorkerTask.shownInput(single.request), outputs: [single.request.output])
            let runner = ViewRunner(
                writer: AtomicWriter(options: single.save), failOn: single.failOn, maxPixels: single.maxPixels)
            let outcome = runner.run(single.request, dryRun: single.dryRun)
            answer.optional(outcome.error?.description)
            let json = ViewCommand.json(outcome)
            answer.string(single.dryRun ? json.shortText : json.text)
            return answer.bytes
        }
        var reader = WireReader(request)
        guard let batch, let number = try? reader.int(),
            let arguments = try? reader.list({ (wire: inout WireReader) throws(WireReader.Malformed) in
                try wire.string()
            })
        else {
            BatchRecord(status: .failed, fields: [], error: "a worker could not read its request", milliseconds: 0)
                .write(to: &answer)
            return answer.bytes
        }
        if case .success(let options) = batch.options(arguments, line: number) {
            WorkerFault.inject(for: ViewWorkerTask.shownInput(options.request), outputs: [options.request.output])
        }
        let console = Console()
        console.quiet = batch.quiet
        batch.render((number, .success(arguments)), console: console).write(to: &answer)
        return answer.bytes
    }

    /// The page a request shows, the input a decoder failure is blamed on.
    static func shownInput(_ request: ViewRequest) -> String {
        request.inputs.indices.contains(request.shownPage) ? request.inputs[request.shownPage] : request.output
    }
}
