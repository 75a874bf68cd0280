import Foundation

/// The supervisor's memory for drawing boards, shared by every board in flight: a board takes
/// what its cards need (`BoardPlan.drawingBytes`) before it is drawn and gives it back after, so
/// `--jobs` boards at once never need more than the budget together.
package final class DrawingBudget: @unchecked Sendable {
    /// The bytes all boards drawn at once may take.
    package let total: Double
    /// The bytes taken now.
    private var taken = 0.0
    /// Guards `taken`; waited on for room.
    private let condition = NSCondition()

    /// Makes a budget of `total` bytes.
    package init(total: Double) {
        self.total = total
    }

    /// Runs `body` once `bytes` (at most `total`) are free, holding them until it returns.
    package func whileHolding<Result>(_ bytes: Double, _ body: () -> Result) -> Result {
        let bytes = bytes.isFinite ? min(max(bytes, 0), total) : total
        condition.lock()
        while taken + bytes > total { condition.wait() }
        taken += bytes
        condition.unlock()
        defer {
            condition.lock()
            taken -= bytes
            condition.broadcast()
            condition.unlock()
        }
        return body()
    }
}
