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

    /// Writes one `error:` line on stderr, shortened in the middle when it is very long.
    public func error(_ message: String) {
        write("error: \(Console.shortened(message))", to: FileHandle.standardError)
    }

    /// `text` cut to at most about 1,000 characters, keeping its start and its end.
    static func shortened(_ text: String) -> String {
        guard text.count > 1_000 else { return text }
        return String(text.prefix(600)) + " … " + String(text.suffix(300))
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
