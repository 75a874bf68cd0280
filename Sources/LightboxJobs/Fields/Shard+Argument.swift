import Foundation
import LightboxArguments

/// `--shard K/N` (K from 1 to N), `auto` (a Slurm array task) or `auto/N` (a Kubernetes Indexed Job's pod).
extension Shard: ArgumentValue {
    /// Reads `K/N`, or `auto` and `auto/N` from this process's environment; nil when that gives no shard.
    package init?(argument: String) {
        self.init(argument: argument, environment: ProcessInfo.processInfo.environment)
    }

    /// Reads `K/N`, or `auto` and `auto/N` from `environment`; nil when that gives no shard.
    package init?(argument: String, environment: [String: String]) {
        if let automatic = Shard.automatic(argument, environment: environment) {
            guard case .success(let shard) = automatic else { return nil }
            self = shard
        } else {
            self.init(argument)
        }
    }

    /// The form.
    package static var expected: String {
        "expected K/N with 1 <= K <= N (such as 1/4), auto (a Slurm array task) or auto/N (an Indexed Job)"
    }

    /// Why `argument` gives no shard in this process's environment.
    package static func problem(with argument: String) -> String {
        problem(with: argument, environment: ProcessInfo.processInfo.environment)
    }

    /// Why `argument` gives no shard in `environment`: what `auto` missed, or the form, with a hint when the shards were counted from 0.
    package static func problem(with argument: String, environment: [String: String]) -> String {
        if case .failure(let problem) = Shard.automatic(argument, environment: environment) {
            return problem.text
        }
        let hint = argument.hasPrefix("0/") ? "; shards count from 1, as Jest and Playwright do (1/N to N/N)" : ""
        return expected + hint
    }
}
