import Foundation

/// The three pipes between the supervisor and one worker, made close-on-exec and above fd 9.
///
/// Above 9 so that a spawn's `dup2` onto 3 and 4 never meets a source it would overwrite.
/// Swift's Glibc has no `pipe2`, so the ends are made close-on-exec by `F_DUPFD_CLOEXEC`
/// under `WorkerLauncher.lock`, which every spawn also holds: no other worker inherits them.
/// The supervisor's request end is non-blocking, so a request larger than the pipe's buffer,
/// sent to a worker that stopped reading (stopped by SIGSTOP while idle), waits under the job's
/// deadline in `poll` instead of in `write` without one.
package struct WorkerPipes {
    /// The worker reads requests here.
    package let requestsRead: Int32
    /// The supervisor writes requests here (non-blocking).
    package let requestsWrite: Int32
    /// The supervisor reads answers here.
    package let responsesRead: Int32
    /// The worker writes answers here.
    package let responsesWrite: Int32
    /// The supervisor reads the worker's stderr here (non-blocking).
    package let errorsRead: Int32
    /// The worker's stderr.
    package let errorsWrite: Int32

    /// Makes the pipes, or nil when the process is out of descriptors.
    package init?() {
        var made: [Int32] = []
        for _ in 0..<3 {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else {
                made.forEach { close($0) }
                return nil
            }
            for end in ends {
                let high = fcntl(end, F_DUPFD_CLOEXEC, 10)
                close(end)
                made.append(high)
            }
        }
        guard !made.contains(where: { $0 < 0 }) else {
            made.filter { $0 >= 0 }.forEach { close($0) }
            return nil
        }
        (requestsRead, requestsWrite, responsesRead, responsesWrite, errorsRead, errorsWrite) = (
            made[0], made[1], made[2], made[3], made[4], made[5]
        )
        for end in [requestsWrite, errorsRead] { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
    }

    /// The ends the supervisor keeps.
    package var parentEnds: [Int32] { [requestsWrite, responsesRead, errorsRead] }

    /// Closes the worker's ends in the supervisor and wraps the rest for process `pid`.
    package func handOver(pid: pid_t) -> WorkerProcess? {
        for end in [requestsRead, responsesWrite, errorsWrite] { close(end) }
        guard pid > 0 else {
            parentEnds.forEach { close($0) }
            return nil
        }
        return WorkerProcess(pid: pid, requests: requestsWrite, responses: responsesRead, errors: errorsRead)
    }

    /// Closes every end (a failed start).
    package func closeAll() {
        for end in [requestsRead, requestsWrite, responsesRead, responsesWrite, errorsRead, errorsWrite] { close(end) }
    }
}
