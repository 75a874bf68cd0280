import Foundation
import LightboxArguments
import LightboxWorkers

/// A command that can run as a worker: a spawned worker rebuilds it from the same command line.
protocol WorkerHosting {
    /// The task its workers run.
    func workerTask() -> any WorkerTask
}

/// `crop`'s workers decode inputs and write crops.
extension CropCommand: WorkerHosting {
    /// The crop task, with a console for `--dry-run` lines.
    func workerTask() -> any WorkerTask {
        let console = Console()
        console.quiet = options.quiet
        return CropWorkerTask(options: options, console: console)
    }
}

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

/// `board`'s workers decode card photos.
extension BoardCommand: WorkerHosting {
    /// The card-photo task (everything it needs comes with each request).
    func workerTask() -> any WorkerTask {
        BoardPhotoTask()
    }
}

/// Worker mode: a replacement worker is this binary spawned with the user's command line.
extension Lightbox {
    /// When this process was spawned as a worker, rebuilds the command from `arguments` and serves
    /// its task on fds 3 and 4 until the supervisor closes them; returns nil otherwise.
    static func serveIfWorker(_ arguments: [String]) -> Int32? {
        guard let value = getenv(WorkerLauncher.environmentKey), String(cString: value) == "3,4" else { return nil }
        guard case .run(let parsed, _)? = try? ArgumentParser.parse(arguments, root: root),
            let type = commands.first(where: { $0.spec.name == parsed.command.name }),
            let command = try? type.init(parsed), let host = command as? any WorkerHosting
        else { return 70 }
        WorkerLoop.serve(host.workerTask(), requests: 3, responses: 4)
    }
}
