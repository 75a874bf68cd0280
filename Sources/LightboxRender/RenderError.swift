/// A failure tied to one file: the path and a one-line reason.
package struct RenderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file at fault (an input or an output).
    package let path: String
    /// What went wrong, on one line.
    package let reason: String

    /// Makes an error about `path`.
    package init(_ path: String, _ reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `path: reason`.
    package var description: String { "\(path): \(reason)" }
}
