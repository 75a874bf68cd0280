import Foundation
import LightboxRender
import LightboxSystem

/// What a worker needs to know of the run besides the job: whether warnings are wanted, and the
/// roots files must stay in. It comes with every request, so a replacement worker spawned mid-run
/// needs no copy of the command line.
package struct WorkerContext: Codable, Sendable, Equatable {
    /// Whether warnings are silenced.
    package var quiet: Bool
    /// `--root`, `--read-root`, `--write-root`: the worker opens every input and output through
    /// them again where it reads and writes (the supervisor checked them first); nil for none.
    package var roots: PathRoots?
    /// libvips threads a worker may give the resampling and writing of a snapshot decoded first:
    /// the cores each worker has when fewer jobs than cores run at once (one snapshot: all of them).
    package var renderThreads: Int

    /// Makes a context.
    package init(quiet: Bool, roots: PathRoots? = nil, renderThreads: Int = 1) {
        self.quiet = quiet
        self.roots = roots
        self.renderThreads = renderThreads
    }

    /// The render threads for `workers` busy at once on this machine's cores: the cores shared out, at least one.
    package static func renderThreads(workers: Int) -> Int {
        max(1, ProcessInfo.processInfo.activeProcessorCount / max(1, workers))
    }
}
