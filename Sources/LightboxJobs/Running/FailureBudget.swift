import Foundation
import LightboxArguments
import LightboxGeometry

/// `--max-failures N|P%`: how many failed items a run may have and still exit 0, for engines that
/// retry a whole task (a Kubernetes index, a Slurm array task) on any other code. The failures
/// are still on stderr and in the journal; past the budget the run exits 1 as before.
package enum FailureBudget: Sendable, Equatable {
    /// At most this many items.
    case count(Int)
    /// At most this percentage (0 to 100) of the run's items.
    case percent(Double)

    /// Whether `failed` of `total` items is within the budget.
    package func allows(failed: Int, of total: Int) -> Bool {
        switch self {
        case .count(let limit): return failed <= limit
        case .percent(let share): return Double(failed) * 100 <= share * Double(total)
        }
    }

    /// `3` or `5%`, as given.
    package var text: String {
        switch self {
        case .count(let limit): return String(limit)
        case .percent(let share): return NumberText.short(share) + "%"
        }
    }

    /// What a summary adds when the failures are within the budget: `within --max-failures 5%: exit 0`.
    package var withinNote: String { "within --max-failures \(text): exit 0" }

    /// What a summary adds when they are past it: `more than --max-failures 5% allows: exit 1`.
    package var pastNote: String { "more than --max-failures \(text) allows: exit 1" }
}

extension FailureBudget: ArgumentValue {
    /// `N` (a whole number from 0) or `P%` (a percentage from 0 to 100).
    package init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces)
        if text.hasSuffix("%") {
            guard let share = Double(text.dropLast()), share.isFinite, (0...100).contains(share) else { return nil }
            self = .percent(share)
            return
        }
        guard let limit = Int(text), limit >= 0 else { return nil }
        self = .count(limit)
    }

    /// The forms.
    package static var expected: String { "expected a number of items (3) or a percentage of them (5%)" }
}
