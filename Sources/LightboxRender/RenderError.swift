import Vips

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
