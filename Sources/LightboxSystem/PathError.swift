/// A path that may not be used, and why: it leads outside the roots (`resolves outside the read
/// roots (--root /srv/photos)`), or the system's reason (`cannot open: No such file or directory`).
package struct PathError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path as it was given.
    package let path: String
    /// Why it may not be used, on one line.
    package let reason: String

    /// Makes an error about `path`.
    package init(_ path: String, _ reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `path: reason`.
    package var description: String { "\(path): \(reason)" }
}
