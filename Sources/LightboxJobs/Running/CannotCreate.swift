/// A file or folder a run must make before any work (`--out-dir`, `--print-layout`) that cannot
/// be made or written: the run stops with exit 73 (`ExitCode.cannotCreate`).
package struct CannotCreate: Error, Sendable, CustomStringConvertible {
    /// The whole message, naming the path and the system's reason.
    package let description: String

    /// An error whose message is `description`.
    package init(_ description: String) {
        self.description = description
    }
}
