import LightboxRender

/// What the worker that drew and wrote a board says back: the photos left out or drawn empty, and
/// whether the board was written (with its size in bytes) or why not.
package struct BoardReport: Codable, Sendable {
    /// One error per photo that could not be drawn, in drawing order.
    package let failures: [RenderError]
    /// Why the board was not written; nil when it was.
    package let problem: RenderError?
    /// The written file's size in bytes; nil when none was written (or it is standard output).
    package let bytes: Int?

    /// Makes a report.
    package init(failures: [RenderError], problem: RenderError?, bytes: Int?) {
        self.failures = failures
        self.problem = problem
        self.bytes = bytes
    }

    /// Whether the board failed over the worker's memory limit.
    package var isOverMemoryLimit: Bool { problem?.isOverMemoryLimit ?? false }
}
