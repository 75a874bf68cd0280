import Foundation
import LightboxRender
import LightboxSystem
import LightboxWorkers
import Vips

/// Runs jobs in the supervised worker processes of `pool`: a crop or view job crosses the pipe as
/// one typed request, and what became of it comes back as typed replies, rendered into records
/// here; a board's photos are decoded by workers, then it is drawn and written in one more.
///
/// A worker that dies or times out fails only what it had not yet reported: the crops it wrote
/// before are done, the rest fail with the reason, their input and line, and its image size.
package struct WorkerExecutor: JobExecutor {
    /// The workers.
    package let pool: WorkerPool
    /// Where a board's photo failures and the workers' warnings go.
    package let console: Console
    /// Seconds each request may take when the job sets its own (at most the pool's); nil for the pool's.
    package let timeout: Double?
    /// The job's cancel switch (a batch job's), which gives up its requests once pulled; nil for none.
    package let cancel: WorkerCancel?

    /// Makes an executor over `pool`.
    package init(pool: WorkerPool, console: Console, timeout: Double? = nil, cancel: WorkerCancel? = nil) {
        self.pool = pool
        self.console = console
        self.timeout = timeout
        self.cancel = cancel
    }

    /// Sends `request` to a worker of the pool (a fresh one when `fresh`) under the job's
    /// timeout and cancel switch, its stderr to the console.
    func perform(
        _ request: WorkerRequest, folders: [String], fresh: Bool = false, interim: ([UInt8]) -> Void = { _ in }
    ) -> WorkerPool.Outcome {
        pool.perform(
            request.bytes, folders: folders, fresh: fresh, timeout: timeout, cancel: cancel, stderr: console.passOn,
            interim: interim)
    }

    /// Runs `job` in a worker (a board: its photos).
    package func run(_ job: Job, context: WorkerContext, record: (BatchRecord) -> Void) -> [SheetPreview] {
        switch job {
        case .crop(let crop): return run(crop, context: context, record: record)
        case .view(let view): record(run(view, context: context))
        case .board(let board): record(run(board, context: context))
        }
        return []
    }

    /// Sends a crop job and reports each item as the worker does; on a failure, the items not yet reported.
    ///
    /// A worker that had served other jobs may say an item went over the memory limit because of
    /// what those jobs left in it (a fragmented heap), which the item alone would not have met:
    /// such items are held back and tried once more in a fresh worker, whose outcome stands.
    private func run(
        _ job: CropJob, context: WorkerContext, fresh: Bool = false, record: (BatchRecord) -> Void
    ) -> [SheetPreview] {
        var reported = Set<Int>()
        var overMemory: [BatchRecord] = []
        var image: ImageSize?
        let start = DispatchTime.now().uptimeNanoseconds
        let folders = job.items.flatMap { [$0.output] + ($0.preview.map { [$0] } ?? []) }
        let outcome = perform(
            WorkerRequest.crop(job, context), folders: WorkerExecutor.folders(of: folders), fresh: fresh
        ) {
            guard case .crop(let progress)? = WorkerReply(bytes: $0) else { return }
            switch progress {
            case .opened(let size): image = size
            case .report(let report):
                let value = CropRecords.record(report, job: job)
                if !fresh && pool.isOverMemory(value.cause?.reason) {
                    overMemory.append(value)
                } else {
                    if let index = report.index { reported.insert(index) }
                    record(value)
                }
            }
        }
        let failure: WorkerFailure
        switch outcome.result {
        case .success(let answer):
            if case .previews(let previews)? = WorkerReply(bytes: answer) {
                guard !overMemory.isEmpty else { return previews }
                if outcome.fresh {
                    overMemory.forEach(record)
                    return previews
                }
                return previews + retried(job, context: context, reported: reported, record: record)
            }
            failure = .unavailable("a worker gave an answer that could not be read")
        case .failure(let value): failure = value
        }
        if !outcome.fresh && outcome.overMemory {
            return retried(job, context: context, reported: reported, record: record)
        }
        overMemory.forEach(record)
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        let left = job.items.indices.filter { !reported.contains($0) }.map { job.items[$0] }
        for (index, item) in left.enumerated() {
            record(
                CropRecords.failed(
                    input: job.input, item: item, reason: failure.reason, image: image,
                    crashed: failure.isDecoderFault, milliseconds: milliseconds, printsError: index == 0))
        }
        return []
    }

    /// `job`'s items not `reported` (by their place in it) run again in a fresh worker.
    private func retried(
        _ job: CropJob, context: WorkerContext, reported: Set<Int>, record: (BatchRecord) -> Void
    ) -> [SheetPreview] {
        var again = job
        again.items = job.items.indices.filter { !reported.contains($0) }.map { job.items[$0] }
        return run(again, context: context, fresh: true, record: record)
    }

    /// Sends a view job and returns its record; a worker that died fails it. Over the memory limit
    /// in a worker that had served other jobs, it is tried once more in a fresh one.
    private func run(_ job: ViewJob, context: WorkerContext, fresh: Bool = false) -> BatchRecord {
        let start = DispatchTime.now().uptimeNanoseconds
        let folders = WorkerExecutor.folders(of: [job.request.output])
        let outcome = perform(WorkerRequest.view(job, context), folders: folders, fresh: fresh)
        if !outcome.fresh && outcome.overMemory { return run(job, context: context, fresh: true) }
        switch outcome.result {
        case .success(let answer):
            if case .view(let report)? = WorkerReply(bytes: answer) { return ViewRecords.record(report, job: job) }
            return ViewRecords.failed(
                job, reason: "a worker gave an answer that could not be read", crashed: false, milliseconds: 0)
        case .failure(let failure):
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
            return ViewRecords.failed(
                job, reason: failure.reason, crashed: failure.isDecoderFault, milliseconds: milliseconds)
        }
    }

    /// What is at a board's existing output, read in a worker (through `roots`); a worker that
    /// fails to say (its decoder crashed on the file) counts it as not a whole image. A look given
    /// up by a cancel says nothing of the file (missing): the job's next request fails cancelled.
    func outputLooker(roots: PathRoots?) -> @Sendable (String, OutputFormat?) -> ExistingOutput {
        { [self] path, format in
            let request = WorkerRequest.existingOutput(path: path, format: format, roots: roots)
            let result = perform(request, folders: []).result
            if case .failure(.cancelled) = result { return .missing }
            guard case .success(let answer) = result, case .existing(let existing)? = WorkerReply(bytes: answer)
            else { return .other(format.map { "is not a whole \($0.displayName) image" } ?? "is not a whole image") }
            return existing
        }
    }

    /// The distinct folders of `paths`, where a dead worker's temp files are looked for: an image
    /// for standard output is made in the temp folder (`AtomicWriter`), so `-` stands for it.
    static func folders(of paths: [String]) -> [String] {
        let folders = paths.map { path in
            path == OutputPath.standardOutput ? NSTemporaryDirectory() : PathText.folder(of: path)
        }
        return Array(Set(folders)).map { $0.isEmpty ? "." : $0 }
    }
}
