import Vips

/// A failure tied to one file: the path and a one-line reason.
package struct RenderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file at fault (an input or an output).
    package let path: String
    /// What went wrong, on one line.
    package let reason: String

    /// Makes an error about `path`. In a process under a memory limit (`--max-memory`), a reason
    /// that says an allocation failed, in whatever words the decoder chose, becomes
    /// `over the memory limit of N MB`: the item needed more than the limit allows.
    package init(_ path: String, _ reason: String) {
        self.path = path
        if let megabytes = MemoryLimit.megabytes, MemoryLimit.isAllocationFailure(reason) {
            self.reason = MemoryLimit.reason(megabytes: megabytes)
        } else {
            self.reason = reason
        }
    }

    /// Whether the item failed for needing more memory than the process's limit.
    package var isOverMemoryLimit: Bool {
        MemoryLimit.megabytes.map { reason == MemoryLimit.reason(megabytes: $0) } ?? false
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
