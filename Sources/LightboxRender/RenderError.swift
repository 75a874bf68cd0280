/// A failure tied to one file: the path and a one-line reason.
public struct RenderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file at fault (an input or an output).
    public let path: String
    /// What went wrong, on one line.
    public let reason: String

    /// Makes an error about `path`.
    public init(_ path: String, _ reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `path: reason`.
    public var description: String { "\(path): \(reason)" }
}
