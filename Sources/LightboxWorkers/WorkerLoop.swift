import Foundation

/// The worker side: answer requests one at a time until the supervisor closes the pipe.
package enum WorkerLoop {
    /// Serves `task` on the given pipe ends and exits; never returns. An empty first message
    /// says libvips has started, so start-up does not count against an item's timeout (the
    /// supervisor waits `WorkerProcess.readyLimit` for it, then replaces the worker); then each
    /// message is tagged: `WorkerFrames.interim` ahead of the answer, `WorkerFrames.final` for it,
    /// or `WorkerFrames.lastAnswer` when the task asks the worker to leave after it.
    ///
    /// The worker may take `memoryMegabytes` of data (`MemoryLimit`; 0: no limit) beyond what it
    /// holds before libvips starts (a forked worker's copy of the supervisor is not its own), so
    /// libvips, its threads and every job count, and one job that needs more fails alone instead
    /// of taking the machine's memory.
    package static func serve(
        _ task: any WorkerTask, requests: Int32, responses: Int32, memoryMegabytes: Int = 0
    ) -> Never {
        MemoryLimit.apply(megabytes: memoryMegabytes)
        isolate()
        task.prepare()
        guard WorkerFrames.write([], to: responses) else { _exit(0) }
        while let request = WorkerFrames.read(from: requests) {
            let answer = task.perform(request) { message in
                _ = WorkerFrames.write([WorkerFrames.interim] + message, to: responses)
            }
            task.finishRequest()
            let tag = answer.retire ? WorkerFrames.lastAnswer : WorkerFrames.final
            guard WorkerFrames.write([tag] + answer.bytes, to: responses), !answer.retire else { break }
        }
        _exit(0)
    }

    /// Lets a crash kill the worker plainly, leaves SIGINT and SIGTERM to the supervisor, and
    /// exits when the supervisor is gone.
    ///
    /// Crash signals go back to their default action, so Swift's backtracer prints nothing and
    /// the supervisor sees the signal; no core file is written; glibc's own abort messages go
    /// to stderr, which the supervisor captures.
    private static func isolate() {
        for number in [SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGSYS] { signal(number, SIG_DFL) }
        for number in [SIGINT, SIGTERM, SIGPIPE] { signal(number, SIG_IGN) }
        var none = sigset_t()
        sigemptyset(&none)
        sigprocmask(SIG_SETMASK, &none, nil)
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
        setenv("LIBC_FATAL_STDERR_", "1", 1)
        let parent = getppid()
        Thread.detachNewThread {
            while getppid() == parent { sleep(1) }
            _exit(1)
        }
    }
}
