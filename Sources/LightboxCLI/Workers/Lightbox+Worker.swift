import Foundation

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
