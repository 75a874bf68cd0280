/// `view`'s workers render snapshots: the one of the command line, or a manifest's lines.
extension ViewCommand: WorkerHosting {
    /// The single-snapshot task or the manifest-line task.
    func workerTask() -> any WorkerTask {
        switch mode {
        case .single(let options): return ViewWorkerTask(single: options, batch: nil)
        case .batch(let batch): return ViewWorkerTask(single: nil, batch: batch)
        }
    }
}
