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
}
