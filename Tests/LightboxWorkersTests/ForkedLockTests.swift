import Foundation
import LightboxWorkers
import Synchronization
import Testing

/// A forked worker's threads share Swift's locks safely: Swift on Linux names a lock's owner by a
/// thread id each thread caches, and a forked child's first thread inherits its parent's, so a
/// lock that thread held while another thread waited was never handed over (a board drawn in a
/// worker hung in a `static let`'s one-time initialisation, one run in ten).
@Suite struct ForkedLockTests {
    /// Holds a lock on the serving thread while a second thread waits for it, then answers.
    struct Contending: WorkerTask {
        func prepare() {}

        func perform(_ request: [UInt8], interim: ([UInt8]) -> Void) -> WorkerAnswer {
            let counter = Mutex(0)
            let done = DispatchSemaphore(value: 0)
            counter.withLock { value in
                Thread.detachNewThread {
                    counter.withLock { $0 += 1 }
                    done.signal()
                }
                usleep(100_000)
                value += 1
            }
            done.wait()
            return WorkerAnswer([UInt8(counter.withLock { $0 })])
        }
    }

    @Test func aLockHeldByTheServingThreadIsHandedToAWaitingThread() throws {
        // This thread's id is cached as a contended lock caches it, before the fork copies it.
        let warm = Mutex(0)
        warm.withLock { $0 += 1 }
        let worker = try #require(WorkerLauncher.fork(Contending(), closing: []))
        defer { worker.finish() }
        for _ in 0..<3 {
            let (result, stderr) = worker.perform([1], timeout: 20)
            #expect(try result.get() == [2], "\(stderr)")
        }
    }
}
