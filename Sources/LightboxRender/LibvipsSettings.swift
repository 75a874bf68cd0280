import Foundation
import Vips

/// The process-wide libvips settings a command line makes: its version for `--version`, and
/// threads and cache for a worker process that renders a stream of unrelated images.
package enum LibvipsSettings {
    /// The libvips version, such as `8.14.1`.
    package static var version: String { Vips.version }

    /// One libvips thread for a worker's job, and a small operation cache.
    ///
    /// The parallelism is `--jobs` workers (one per core by default). Within a job, libvips 8.14's
    /// threads would make outcomes depend on timing: a damaged file decoded by several threads at
    /// once fails on whichever tile one of them reaches first (a tiled TIFF said "scanline 128;
    /// scanline 0" in one run and "scanline 0" in another), and its thread pool can lose a failure
    /// (`EvaluationGuard`). With one thread a job reads its input in one order, every time.
    package static func forWorker() {
        Vips.setConcurrency(1)
        Vips.limitCache(operations: 20, memoryBytes: 32 << 20, files: 4)
    }

    /// Keeps liborc's code files out of the user's home folder; call it at start, before any thread.
    ///
    /// libvips compiles its resampling and integer convolution loops with liborc, which maps its
    /// code through a file it makes and unlinks at once in `$XDG_RUNTIME_DIR`, else `$HOME`, else
    /// `$TMPDIR`, else `/tmp` (orc 0.4.33, `orc_code_region_allocate_codemem`). A service's home
    /// is no place for files it did not ask for, so when `XDG_RUNTIME_DIR` is unset it is set to
    /// the temp folder, for this process and the workers it starts.
    package static func keepOrcCodeOutOfHome() {
        guard getenv("XDG_RUNTIME_DIR") == nil else { return }
        let folder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        setenv("XDG_RUNTIME_DIR", folder, 0)
    }
}
