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

    /// Makes a context.
    package init(quiet: Bool, roots: PathRoots? = nil) {
        self.quiet = quiet
        self.roots = roots
    }
}
