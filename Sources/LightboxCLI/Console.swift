import Foundation

/// Line output on stdout and stderr, safe to call from several threads.
public final class Console: @unchecked Sendable {
    private let lock = NSLock()
    /// Silences warnings (errors are always printed).
    public var quiet = false

    /// Makes a console.
    public init() {}

    /// Writes one line on stdout.
    public func out(_ line: String) {
        write(line, to: FileHandle.standardOutput)
    }

    /// Writes one `error:` line on stderr.
    public func error(_ message: String) {
        write("error: \(message)", to: FileHandle.standardError)
    }

    /// Writes one `warning:` line on stderr unless quiet.
    public func warning(_ message: String) {
        guard !quiet else { return }
        write("warning: \(message)", to: FileHandle.standardError)
    }

    /// Writes raw text on stderr, such as a usage error block.
    public func raw(_ text: String) {
        write(text, to: FileHandle.standardError)
    }

    private func write(_ line: String, to handle: FileHandle) {
        lock.lock()
        defer { lock.unlock() }
        handle.write(Data((line.hasSuffix("\n") ? line : line + "\n").utf8))
    }
}
