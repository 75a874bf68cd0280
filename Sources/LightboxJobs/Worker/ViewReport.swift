import LightboxRender

/// What became of a viewer job where its pixels are (a worker, or a library caller's process),
/// as a typed value: the supervisor makes its record from it (`ViewRecords.record`).
package enum ViewReport: Codable, Sendable {
    /// Rendered and written (or laid out, in a dry run), or failed while being rendered.
    case rendered(ViewOutcome)
    /// Left as it was: `--resume` met its output whole.
    case skipped
    /// Refused before it was rendered: a page outside the roots (`problem` names it).
    case refused(RenderError)

    /// Whether the snapshot failed for needing more memory than the worker's limit.
    package var isOverMemoryLimit: Bool {
        switch self {
        case .rendered(let outcome): return outcome.error?.isOverMemoryLimit == true
        case .refused(let problem): return problem.isOverMemoryLimit
        case .skipped: return false
        }
    }
}
