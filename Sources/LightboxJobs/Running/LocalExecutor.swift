import LightboxRender

/// Runs jobs in this process, for a library caller: the same executors a worker runs, without the
/// process around them (a decoder that crashes takes the caller with it).
package struct LocalExecutor: JobExecutor {
    /// Where warnings go.
    package let console: Console

    /// Makes an executor.
    package init(console: Console) {
        self.console = console
    }

    /// Runs `job` here.
    package func run(_ job: Job, context: WorkerContext, record: (BatchRecord) -> Void) -> [SheetPreview] {
        switch job {
        case .crop(let crop):
            return CropExecutor(console: console).run(crop) { progress in
                if case .report(let report) = progress { record(CropRecords.record(report, job: crop)) }
            }
        case .view(let view):
            record(ViewRecords.record(ViewExecutor.run(view, console: console), job: view))
        case .board(let board):
            let decode: BoardRenderer.PhotoDecoder = { path, side, limits throws(RenderError) in
                try CardPhoto.square(path, side: side, limits: limits)
            }
            record(BoardExecutor(decode: decode, console: console).run(board))
        }
        return []
    }
}
