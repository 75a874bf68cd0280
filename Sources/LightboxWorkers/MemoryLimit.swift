import Foundation
import Synchronization

/// A process's memory limit (`--max-memory`) and how a failure under it is recognised.
///
/// The limit is `RLIMIT_DATA`: since Linux 4.7 it bounds the process's private writable memory,
/// its heap and every private anonymous mapping (thread stacks included), which is where libvips
/// holds pixels, while shared libraries and files mapped read-only do not count. `RLIMIT_AS`
/// would also count address space that is only reserved (glibc reserves 64 MB per malloc arena,
/// mostly never touched), so it would refuse work long before the memory is used.
///
/// The limit is what the process holds when it is applied plus the megabytes asked for: a worker
/// forked from the supervisor starts with the supervisor's data in its count (shared with it, and
/// as large as the jobs it planned: 200 MB for a manifest of 200,000 lines), which is not the
/// worker's to spend.
///
/// Over the limit an allocation fails: libvips says so (`out of memory --- size == 643MB`), and
/// so do the decoders behind it, each in its own words, which `isAllocationFailure` knows; one
/// that aborts instead says it on stderr.
package enum MemoryLimit {
    /// The megabytes `apply` was given in this process; 0 when it was not called.
    private static let applied = Atomic<Int>(0)

    /// Limits this process to `megabytes` (0: no limit) more than the data it holds now. Both the
    /// soft and the hard limit are set, so nothing the process runs later can raise it again.
    @discardableResult
    package static func apply(megabytes: Int) -> Bool {
        guard megabytes > 0 else { return true }
        let bytes = MemoryLimit.bytes(megabytes: megabytes, held: held)
        var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
        guard setrlimit(__rlimit_resource_t(RLIMIT_DATA.rawValue), &limit) == 0 else { return false }
        applied.store(megabytes, ordering: .releasing)
        return true
    }

    /// The limit in force, in megabytes, as `apply` was given it; nil when there is none.
    package static var megabytes: Int? {
        let value = applied.load(ordering: .acquiring)
        return value > 0 ? value : nil
    }

    /// The limit `apply` sets: `megabytes` more than the `held` bytes of data.
    package static func bytes(megabytes: Int, held: Int) -> rlim_t {
        rlim_t(held + (megabytes << 20))
    }

    /// The bytes of data the process holds now (`VmData` in `/proc/self/status`, what the limit counts).
    package static var held: Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmData:") }),
            let kilobytes = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap({
                Int($0)
            })
        else { return 0 }
        return kilobytes << 10
    }

    /// The reason given for an item that needed more: `over the memory limit of 200 MB`.
    package static func reason(megabytes: Int) -> String {
        "over the memory limit of \(megabytes) MB"
    }

    /// The words in which an allocation failure reaches a message (lower case): libvips'
    /// `vips_tracked_malloc`, GLib's failed `g_malloc` and thread start (a thread's stack is an
    /// allocation too), `strerror(ENOMEM)`, libjpeg's `JERR_OUT_OF_MEMORY`, libpng, libspng and
    /// libtiff, openjpeg, libheif, the Swift runtime, and C++'s `std::bad_alloc`.
    static let allocationFailures = [
        "out of memory", "cannot allocate memory", "could not allocate memory", "failed to allocate",
        "insufficient memory", "not enough memory", "memory allocation failed", "error creating thread",
        "unable to create thread", "bad_alloc",
    ]

    /// Whether `text` says that an allocation failed.
    package static func isAllocationFailure(_ text: String) -> Bool {
        let lower = text.lowercased()
        return allocationFailures.contains { lower.contains($0) }
    }
}
