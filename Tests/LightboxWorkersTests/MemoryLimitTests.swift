import Foundation
import LightboxWorkers
import Testing

/// The memory limit's arithmetic and words: the limit is what the process holds plus the
/// megabytes asked, the data it holds is the kernel's count, and a failed allocation is known in
/// each library's words. Nothing here applies a limit: the test process must keep its memory.
@Suite struct MemoryLimitTests {
    @Test(arguments: [
        (200, 0, 209_715_200), (200, 4096, 209_719_296), (1, 1 << 30, 1_074_790_400),
        (1_048_576, 300 << 20, 1_099_826_200_576),
    ])
    func theLimitIsTheMegabytesBeyondWhatIsHeld(megabytes: Int, held: Int, bytes: UInt64) {
        #expect(UInt64(MemoryLimit.bytes(megabytes: megabytes, held: held)) == bytes)
    }

    /// A mapping of 1 GB of private writable memory counts in full, untouched, as the limit counts it.
    @Test func theDataHeldCountsAPrivateMappingAtOnce() throws {
        let before = MemoryLimit.held
        let size = 1 << 30
        let mapping = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        try #require(mapping != MAP_FAILED)
        let during = MemoryLimit.held
        munmap(mapping, size)
        #expect(before > 0)
        #expect(during - before >= 3 << 28, "held \(before) before, \(during) with 1 GB mapped")
    }

    @Test func noLimitIsAppliedForZero() {
        #expect(MemoryLimit.apply(megabytes: 0))
        #expect(MemoryLimit.megabytes == nil)
        #expect(MemoryLimit.reason(megabytes: 64) == "over the memory limit of 64 MB")
    }

    @Test(arguments: [
        ("vips_tracked: out of memory --- size == 643MB", true),
        ("GLib-ERROR **: failed to allocate 7340032 bytes", true),
        ("unable to create thread", true),
        ("Cannot allocate memory", true),
        ("Insufficient memory (case 4)", true),
        ("terminate called after throwing an instance of 'std::bad_alloc'", true),
        ("Fatal error: Could not allocate memory.", true),
        ("Not enough memory to decode", true),
        ("Memory allocation failed", true),
        ("Premature end of JPEG file", false),
        ("free(): invalid next size (normal)", false),
        ("memory", false),
    ])
    func allocationFailuresAreKnownInTheirLibrariesWords(text: String, failed: Bool) {
        #expect(MemoryLimit.isAllocationFailure(text) == failed)
    }
}
