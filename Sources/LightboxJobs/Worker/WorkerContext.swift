/// What a worker needs to know of the run besides the job: how many jobs share the machine and
/// whether warnings are wanted. It comes with every request, so a replacement worker spawned
/// mid-run needs no copy of the command line.
package struct WorkerContext: Codable, Sendable, Equatable {
    /// Jobs in flight at once: a worker gives libvips `cores / jobs` threads.
    package var jobs: Int
    /// Whether warnings are silenced.
    package var quiet: Bool

    /// Makes a context.
    package init(jobs: Int, quiet: Bool) {
        self.jobs = jobs
        self.quiet = quiet
    }
}
