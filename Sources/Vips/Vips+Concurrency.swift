import CVips

extension Vips {
    /// Runs `work` with each pipeline evaluation using `threads` worker threads, then puts back
    /// the setting it found, so a renderer that needs its own threading leaves the process as it was.
    ///
    /// The setting is process-wide: callers run one renderer at a time per process.
    package static func withConcurrency<T, E: Error>(_ threads: Int, _ work: () throws(E) -> T) throws(E) -> T {
        ensureStarted()
        let previous = vips_concurrency_get()
        vips_concurrency_set(Int32(threads))
        defer { vips_concurrency_set(previous) }
        return try work()
    }
}
