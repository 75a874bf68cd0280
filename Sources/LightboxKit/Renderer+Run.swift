import Foundation
import LightboxJobs
import LightboxRender

extension Renderer {
    /// Runs `jobs`, `concurrency` at a time, in this process, and streams each result as its job
    /// ends (in the order jobs end), with the job's index in `jobs`.
    ///
    /// The jobs run as the command line runs them (the same runner and checks: an output is never
    /// one of the job's inputs, an existing one only with `replaceExisting`), without worker
    /// processes: a decoder that crashes takes the caller's process with it.
    public func run(
        _ jobs: [LightboxJob], concurrency: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> AsyncStream<(index: Int, result: LightboxJobResult)> {
        AsyncStream { continuation in
            Thread.detachNewThread {
                let next = IndexCounter()
                DispatchQueue.concurrentPerform(iterations: max(1, min(concurrency, jobs.count))) { _ in
                    while let index = next.take(below: jobs.count) {
                        continuation.yield((index, perform(jobs[index])))
                    }
                }
                continuation.finish()
            }
        }
    }

    /// Runs one job here and returns its result.
    func perform(_ job: LightboxJob) -> LightboxJobResult {
        let runner = JobRunner(
            executor: LocalExecutor(console: Console(quiet: true, silent: true)), concurrency: 1,
            context: WorkerContext(quiet: true), check: OutputCheck(dryRun: false))
        switch job {
        case .crop(let request):
            return .crop(crops(request, runner: runner))
        case .view(let request):
            return .view(Result { () throws(LightboxError) in try view(request, runner: runner) })
        case .board(let request):
            return .board(Result { () throws(LightboxError) in try board(request, runner: runner) })
        }
    }

    /// The records of one internal job, run by `runner`.
    func records(_ job: Job, runner: JobRunner) -> [BatchRecord] {
        var records: [BatchRecord] = []
        runner.execute(job) { records.append($0) }
        return records
    }
}
