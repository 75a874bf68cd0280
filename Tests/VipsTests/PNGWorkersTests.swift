import Synchronization
import Testing

@testable import Vips

/// The deflating threads: with no helper (none could be started) the handing thread does every
/// strip itself, so nothing waits for a thread that does not exist.
@Suite struct PNGWorkersTests {
    @Test(arguments: [0, 1, 3])
    func everyPieceOfWorkRunsWhateverTheHelpers(helpers: Int) {
        let workers = PNGWorkers(helpers: helpers)
        let done = Mutex(0)
        for _ in 0..<50 {
            workers.submit {
                done.withLock { $0 += 1 }
                workers.written()
            }
            workers.help(until: 2)
        }
        workers.finish()
        #expect(done.withLock { $0 } == 50)
    }
}
