import Vips

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

    /// Runs libvips work, turning its error into one about `path`, its reason after `prefix`.
    static func catching<T>(
        _ path: String, prefix: String = "", _ work: () throws(VipsError) -> T
    ) throws(RenderError) -> T {
        do {
            return try work()
        } catch {
            throw RenderError(path, prefix + error.message)
        }
    }
}
