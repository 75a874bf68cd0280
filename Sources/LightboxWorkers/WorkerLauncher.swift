import CSystem
import Foundation

/// Starts worker processes: forked while the supervisor is still single-threaded, else spawned anew.
///
/// A fork costs well under a millisecond, but is only safe before libvips or any other thread
/// starts; a replacement for a dead worker is spawned as `/proc/self/exe` in worker mode. Either
/// way the worker needs nothing of the command line: every request carries its whole job.
package enum WorkerLauncher {
    /// Where a spawned worker finds its request and answer pipes: `3,4`.
    package static let environmentKey = "LIGHTBOX_WORKER_FDS"
    /// A spawned worker's memory limit in megabytes (`--max-memory`), absent for none.
    package static let memoryKey = "LIGHTBOX_WORKER_MEMORY"

    /// Held while pipes are made and while a worker is spawned, so no spawn inherits another's pipe.
    package static let lock = NSLock()

    /// Forks a worker that serves `task` under `memoryMegabytes` (0: no limit); `inherited` are
    /// other workers' pipes, closed in the child.
    package static func fork(
        _ task: any WorkerTask, closing inherited: [Int32], memoryMegabytes: Int = 0
    ) -> WorkerProcess? {
        guard let pipes = WorkerPipes() else { return nil }
        let parent = getpid()
        let pid = Glibc.fork()
        if pid == 0 {
            // Forked on the supervisor's main thread, which lives as long as it does: a killed
            // supervisor takes its workers along, mid-job or not.
            if lbx_die_with_parent(parent) != 0 { _exit(70) }
            for descriptor in inherited + pipes.parentEnds { close(descriptor) }
            // The supervisor's stdin is its client's pipe: a worker holding it would let a client
            // go on writing to a dead supervisor. Stdout stays: an output `-` is written there.
            let null = open("/dev/null", O_RDONLY)
            if null >= 0 {
                dup2(null, 0)
                if null > 0 { close(null) }
            }
            dup2(pipes.errorsWrite, 2)
            close(pipes.errorsWrite)
            ForkedThread.run {
                WorkerLoop.serve(
                    task, requests: pipes.requestsRead, responses: pipes.responsesWrite,
                    memoryMegabytes: memoryMegabytes)
            }
        }
        return pipes.handOver(pid: pid)
    }

    /// The memory limit a spawned worker was given in its environment (0: none).
    package static var inheritedMemoryLimit: Int {
        getenv(memoryKey).flatMap { Int(String(cString: $0)) } ?? 0
    }

    /// Spawns `/proc/self/exe` as a worker: no arguments, only the pipes and the memory limit
    /// (`memoryMegabytes`, 0 for none) named in the environment.
    package static func spawn(memoryMegabytes: Int = 0) -> WorkerProcess? {
        lock.lock()
        defer { lock.unlock() }
        guard let pipes = WorkerPipes() else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipes.requestsRead, 3)
        posix_spawn_file_actions_adddup2(&actions, pipes.responsesWrite, 4)
        posix_spawn_file_actions_adddup2(&actions, pipes.errorsWrite, 2)
        // Not the supervisor's stdin (its client's pipe), as a forked worker.
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let arguments = ["lightbox-worker"]
        var environment = ProcessInfo.processInfo.environment
        environment[environmentKey] = "3,4"
        environment[memoryKey] = memoryMegabytes > 0 ? String(memoryMegabytes) : nil
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, "/proc/self/exe", &actions, nil, argv, envp)
        guard status == 0 else {
            pipes.closeAll()
            return nil
        }
        return pipes.handOver(pid: pid)
    }

    /// Whether this process has one thread, so a fork copies a consistent state.
    package static var isSingleThreaded: Bool {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return false }
        return status.split(separator: "\n").contains {
            $0.hasPrefix("Threads:") && $0.split(separator: "\t").last == "1"
        }
    }
}
