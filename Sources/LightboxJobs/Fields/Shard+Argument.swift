import LightboxArguments

/// `--shard K/N`, K from 1 to N.
extension Shard: ArgumentValue {
    /// Reads `K/N`; nil unless 1 <= K <= N.
    package init?(argument: String) {
        self.init(argument)
    }

    /// The form.
    package static var expected: String { "expected K/N with 1 <= K <= N, such as 1/4" }

    /// The form, with a hint when the shards were counted from 0.
    package static func problem(with argument: String) -> String {
        let hint = argument.hasPrefix("0/") ? "; shards count from 1, as Jest and Playwright do (1/N to N/N)" : ""
        return expected + hint
    }
}
