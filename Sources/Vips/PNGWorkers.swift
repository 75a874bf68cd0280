import Foundation

/// The threads that deflate one PNG's strips: helpers started for the image, and the thread that
/// hands the strips out, which runs a waiting strip itself rather than wait for a helper.
///
/// Helpers get small stacks, since a worker's memory limit (`RLIMIT_DATA`) counts every thread's
/// stack, and a helper that cannot be started (at that limit) only leaves more strips to the
/// handing thread: the image is written more slowly, never stuck waiting for a thread that does
/// not exist, as work sent to a dispatch queue would be.
final class PNGWorkers: @unchecked Sendable {
    /// Each helper's stack: deflate (zlib's, igzip's) needs a few kilobytes of it.
    static let stackBytes = 256 << 10

    /// Guards everything below; signalled when work is queued or a strip is written.
    private let condition = NSCondition()
    private var queue: [@Sendable () -> Void] = []
    /// Work handed out and not yet reported done (queued, running, or waiting to be written).
    private var outstanding = 0
    private var running = 0
    private var closed = false
    private var threads: [pthread_t] = []

    /// Starts up to `helpers` threads.
    init(helpers: Int) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, PNGWorkers.stackBytes)
        for _ in 0..<max(0, helpers) {
            var thread = pthread_t()
            let context = Unmanaged.passRetained(self).toOpaque()
            let status = pthread_create(
                &thread, &attributes,
                { context in
                    let workers = Unmanaged<PNGWorkers>.fromOpaque(context!).takeRetainedValue()
                    workers.serve()
                    return nil
                }, context)
            guard status == 0 else {
                Unmanaged<PNGWorkers>.fromOpaque(context).release()
                break
            }
            threads.append(thread)
        }
    }

    /// Queues `work`; it counts as outstanding until `written()` is called for it.
    func submit(_ work: @escaping @Sendable () -> Void) {
        condition.lock()
        queue.append(work)
        outstanding += 1
        condition.signal()
        condition.unlock()
    }

    /// Reports one piece of work done with (its strip written).
    func written() {
        condition.lock()
        outstanding -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// Runs queued work on this thread, or waits, until at most `limit` pieces are outstanding.
    func help(until limit: Int) {
        condition.lock()
        while outstanding > limit {
            if queue.isEmpty {
                condition.wait()
                continue
            }
            runFirst()
        }
        condition.unlock()
    }

    /// Runs what is left, waits for the helpers' work, and stops them.
    func finish() {
        help(until: 0)
        condition.lock()
        while running > 0 { condition.wait() }
        closed = true
        condition.broadcast()
        condition.unlock()
        for thread in threads { pthread_join(thread, nil) }
        threads = []
    }

    /// A helper's loop: queued work until `finish`.
    private func serve() {
        condition.lock()
        while true {
            if !queue.isEmpty {
                runFirst()
                continue
            }
            if closed { break }
            condition.wait()
        }
        condition.unlock()
    }

    /// Runs the first queued piece of work with the lock let go meanwhile; called, and returns, holding it.
    private func runFirst() {
        let work = queue.removeFirst()
        running += 1
        condition.unlock()
        work()
        condition.lock()
        running -= 1
        condition.broadcast()
    }
}
