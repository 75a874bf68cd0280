import Foundation
import LightboxWorkers
import Testing

/// A cancel switch wakes `poll` once pulled and stays pulled; it notes whether it stopped a request.
@Suite struct WorkerCancelTests {
    /// Whether `poll` finds `cancel`'s pipe readable without waiting.
    static func readable(_ cancel: WorkerCancel) -> Bool {
        var watched = [cancel.pollEntry]
        return poll(&watched, 1, 0) == 1 && watched[0].revents & Int16(POLLIN) != 0
    }

    @Test func aPulledSwitchWakesPollAndStaysPulled() {
        let cancel = WorkerCancel()
        #expect(cancel.descriptor >= 10)
        #expect(!cancel.isPulled && !Self.readable(cancel))
        #expect(fcntl(cancel.descriptor, F_GETFD) & FD_CLOEXEC != 0)
        cancel.pull()
        cancel.pull()
        #expect(cancel.isPulled && Self.readable(cancel) && Self.readable(cancel))
        #expect(!cancel.hasStopped)
        cancel.noteStopped()
        #expect(cancel.hasStopped)
    }

    @Test func withItsPipePollWaitsAsLongAsTheRequestMay() {
        let cancel = WorkerCancel()
        #expect(cancel.bounded(-1) == -1 && cancel.bounded(5000) == 5000)
    }
}
