import Foundation
import LightboxRender
import LightboxSystem
import Vips

/// A board under workers: each distinct photo decoded by a request of its own, then the board
/// drawn and written by one more worker under the job's timeout and memory limit. The supervisor
/// holds the decoded squares and opens none of the job's files: not its photos, not its
/// background, not its output.
extension WorkerExecutor {
    /// Runs `job` and returns its record; what is at its output is looked at first when the job
    /// skips whole outputs (`BoardExecutor.leftAsItIs`, a regular file read in a worker).
    func run(_ job: BoardJob, context: WorkerContext) -> BatchRecord {
        let start = DispatchTime.now().uptimeNanoseconds
        if let left = BoardExecutor.leftAsItIs(job, look: outputLooker(roots: context.roots)) { return left }
        let (photos, warned) = decodedPhotos(job, roots: context.roots)
        let report = drawn(job, photos: photos, context: context)
        BoardExecutor.say(report.failures, of: job, to: console)
        let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        return BoardRecords.record(
            job, failures: report.failures, written: report.problem == nil, problem: report.problem,
            milliseconds: milliseconds, bytes: report.bytes, warned: warned)
    }

    /// Every distinct photo and side of the board, decoded side by side in workers (each through
    /// the roots there), in the order the cards first ask for them; and each photo decoded
    /// despite its decoder's warnings, with them, once per path.
    private func decodedPhotos(_ job: BoardJob, roots: PathRoots?) -> (BoardPhotos, [BoardRecords.Warned]) {
        var seen: Set<BoardPlan.PhotoRequest> = []
        let requests = job.plan.photoRequests.filter { seen.insert($0).inserted }
        let limits = job.limits
        let squares = ParallelMap<(decoded: BoardPhotos.Decoded, warnings: DecoderWarnings)>.map(requests.count) {
            index in
            let request = requests[index]
            return decoded(
                request.path,
                WorkerRequest.cardPhoto(path: request.path, side: request.side, limits: limits, roots: roots))
        }
        var named: Set<String> = []
        let warned = zip(requests, squares).compactMap { request, square -> BoardRecords.Warned? in
            guard !square.warnings.isEmpty, named.insert(request.path).inserted else { return nil }
            return BoardRecords.Warned(path: request.path, warnings: square.warnings)
        }
        let entries = zip(requests, squares).map { BoardPhotos.Entry(request: $0, decoded: $1.decoded) }
        return (BoardPhotos(entries: entries), warned)
    }

    /// The pixels a worker decoded from `path` for `request` (with its decoder's warnings), or
    /// the failure it gave (over the memory limit in a worker that had served other jobs, tried
    /// once more in a fresh one).
    private func decoded(
        _ path: String, _ request: WorkerRequest, fresh: Bool = false
    ) -> (decoded: BoardPhotos.Decoded, warnings: DecoderWarnings) {
        let outcome = perform(request, folders: [], fresh: fresh)
        if !outcome.fresh && outcome.overMemory { return decoded(path, request, fresh: true) }
        switch outcome.result {
        case .failure(let failure): return (.failed(RenderError(path, failure.reason)), DecoderWarnings())
        case .success(let answer):
            switch WorkerReply(bytes: answer) {
            case .failed(let error)?: return (.failed(error), DecoderWarnings())
            case .pixels(let pixels)?: return (.pixels(pixels), DecoderWarnings())
            case .warned(let pixels, let warnings)?: return (.pixels(pixels), warnings)
            default: return (.failed(RenderError(path, "a worker's pixels could not be read")), DecoderWarnings())
            }
        }
    }

    /// The board drawn and written in a worker; a worker that dies or times out fails the board
    /// with its reason, and one over the memory limit after other jobs is tried once more fresh.
    private func drawn(
        _ job: BoardJob, photos: BoardPhotos, context: WorkerContext, fresh: Bool = false
    ) -> BoardReport {
        let folders = WorkerExecutor.folders(of: [job.output])
        let outcome = perform(.board(job, photos, context), folders: folders, fresh: fresh)
        if !outcome.fresh && outcome.overMemory { return drawn(job, photos: photos, context: context, fresh: true) }
        switch outcome.result {
        case .success(let answer):
            if case .board(let report)? = WorkerReply(bytes: answer) { return report }
            return BoardReport(
                failures: [], problem: RenderError(job.output, "a worker gave an answer that could not be read"),
                bytes: nil)
        case .failure(let failure):
            return BoardReport(failures: [], problem: RenderError(job.output, failure.reason), bytes: nil)
        }
    }
}
