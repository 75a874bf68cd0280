/// `crop`'s workers decode inputs and write crops.
extension CropCommand: WorkerHosting {
    /// The crop task, with a console for `--dry-run` lines.
    func workerTask() -> any WorkerTask {
        let console = Console()
        console.quiet = options.quiet
        return CropWorkerTask(options: options, console: console)
    }
}
