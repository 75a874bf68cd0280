import Foundation

/// A one-line progress display on a terminal's stderr: done/total, rate and time left.
///
/// The rate is an exponential average over the last few seconds (`smoothing`), measured from the
/// first finished item: the first one carries the start-up (workers, a big photo), and counting
/// from the start gave a first ETA of a quarter of an hour for a 40-second run. Each item counts
/// `exp(-age / smoothing)`, over the time measured so far weighed the same way, so early on the
/// rate is the plain average since the first item and later that of the last seconds. No ETA is
/// shown before two items are done and a second has been measured.
package final class ProgressLine: @unchecked Sendable {
    private var total: Int
    private let enabled: Bool
    private var lastDraw = Date.distantPast
    private var first: Date?
    private var lastSample = Date()
    private var decayed = 0.0
    private var done = 0
    private let lock = NSLock()

    /// The time constant of the rate's exponential average, in seconds.
    package static let smoothing = 5.0
    /// The items done before an ETA is shown.
    package static let settleItems = 2
    /// The seconds measured (from the first item) before an ETA is shown.
    package static let settle = 1.0

    /// Makes a display for `total` items; it draws only when `enabled` (stderr is a terminal).
    package init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled
    }

    /// Sets the total counted towards (an estimate may grow or shrink as more is planned).
    package func expect(total: Int) {
        lock.lock()
        defer { lock.unlock() }
        self.total = total
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
        if let first {
            decayed = ProgressLine.decayed(decayed, adding: count, after: now.timeIntervalSince(lastSample))
            let rate = ProgressLine.rate(decayed: decayed, measured: now.timeIntervalSince(first))
            draw(ProgressLine.text(done: done, total: total, rate: rate, measured: now.timeIntervalSince(first)), now)
        } else {
            first = now
            draw(ProgressLine.text(done: done, total: total, rate: nil, measured: 0), now)
        }
        lastSample = now
    }

    /// Writes `line` over the last one, at most ten times a second and always for the last item.
    private func draw(_ line: String, _ now: Date) {
        guard now.timeIntervalSince(lastDraw) >= 0.1 || done == total else { return }
        lastDraw = now
        try? FileHandle.standardError.write(contentsOf: Data(("\r\u{1B}[K" + line).utf8))
    }

    /// Clears the line before other output or at the end.
    package func clear() {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        try? FileHandle.standardError.write(contentsOf: Data("\r\u{1B}[K".utf8))
    }

    /// The decayed count of items after `count` more came `interval` seconds after the last ones.
    package static func decayed(_ previous: Double, adding count: Int, after interval: Double) -> Double {
        previous * exp(-max(interval, 0) / smoothing) + Double(count)
    }

    /// Items a second: the decayed count over the decayed time `measured` seconds since the
    /// first item; nil before any time is measured.
    package static func rate(decayed: Double, measured: Double) -> Double? {
        let time = smoothing * (1 - exp(-max(measured, 0) / smoothing))
        return time > 0 ? decayed / time : nil
    }

    /// `done/total  rate/s  ETA m:ss`; without a rate only `done/total`, and no ETA before
    /// `settleItems` items and `settle` seconds measured.
    package static func text(done: Int, total: Int, rate: Double?, measured: Double) -> String {
        guard let rate else { return "\(done)/\(total)" }
        let counts = String(format: "%d/%d  %.1f/s", done, total, rate)
        guard done >= settleItems, measured >= settle, rate > 0 else { return counts }
        let left = Int((Double(total - done) / rate).rounded())
        return counts + String(format: "  ETA %d:%02d", left / 60, left % 60)
    }
}
