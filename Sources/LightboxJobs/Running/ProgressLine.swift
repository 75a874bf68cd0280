import Foundation

/// A one-line progress display on a terminal's stderr: done/total, rate and time left.
package final class ProgressLine: @unchecked Sendable {
    private let total: Int
    private let enabled: Bool
    private let start = Date()
    private var lastDraw = Date.distantPast
    private var done = 0
    private let lock = NSLock()

    /// Makes a display for `total` items; it draws only when `enabled` (stderr is a terminal).
    package init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled
    }

    /// Whether stderr is a terminal.
    package static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Counts `count` more finished items and redraws at most ten times a second.
    package func advance(by count: Int) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        done += count
        let now = Date()
        guard now.timeIntervalSince(lastDraw) >= 0.1 || done == total else { return }
        lastDraw = now
        FileHandle.standardError.write(
            Data(
                ("\r\u{1B}[K" + ProgressLine.text(done: done, total: total, elapsed: now.timeIntervalSince(start))).utf8
            ))
    }

    /// Clears the line before other output or at the end.
    package func clear() {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    /// `done/total  rate/s  ETA m:ss`.
    package static func text(done: Int, total: Int, elapsed: Double) -> String {
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let left = rate > 0 ? Int((Double(total - done) / rate).rounded()) : 0
        return String(format: "%d/%d  %.1f/s  ETA %d:%02d", done, total, rate, left / 60, left % 60)
    }
}
