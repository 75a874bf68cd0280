import CVips
import Testing
import Vips

/// A renderer's thread count for libvips is its own: the setting it found is put back after it.
@Suite struct ConcurrencyTests {
    @Test func theSettingFoundIsPutBack() {
        Vips.ensureStarted()
        // The test process is shared with every suite: leave the setting as it was found.
        let initial = vips_concurrency_get()
        defer { Vips.setConcurrency(Int(initial)) }
        Vips.setConcurrency(3)
        let seen = Vips.withConcurrency(1) { vips_concurrency_get() }
        #expect(seen == 1)
        #expect(vips_concurrency_get() == 3)
        struct Failure: Error {}
        #expect(throws: Failure.self) { try Vips.withConcurrency(2) { () throws(Failure) in throw Failure() } }
        #expect(vips_concurrency_get() == 3)
    }
}
