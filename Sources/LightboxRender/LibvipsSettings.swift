import Foundation
import Vips

/// The process-wide libvips settings a command line makes: its version for `--version`, and
/// threads and cache for a worker process that renders a stream of unrelated images.
package enum LibvipsSettings {
    /// The libvips version, such as `8.14.1`.
    package static var version: String { Vips.version }

    /// Shares the cores among `jobs` images rendered at once, and keeps the operation cache small.
    package static func forWorker(jobs: Int) {
        Vips.setConcurrency(max(1, ProcessInfo.processInfo.activeProcessorCount / max(1, jobs)))
        Vips.limitCache(operations: 20, memoryBytes: 32 << 20, files: 4)
    }

    /// One libvips thread per image, for workers that decode one small photo at a time.
    package static func singleThreaded() {
        Vips.setConcurrency(1)
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
