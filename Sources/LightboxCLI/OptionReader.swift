import LightboxFormats

/// Typed reads of a parsed command's option values, each failure a usage error naming the option.
struct OptionReader {
    let parsed: ParsedCommand
    let path: [String]

    /// Makes a reader for the command at `path`.
    init(_ parsed: ParsedCommand, path: [String]) {
        self.parsed = parsed
        self.path = path
    }

    /// A usage error for this command.
    func error(_ message: String) -> UsageError {
        UsageError(message, commandPath: path)
    }

    /// The whole number given for `--name`, which must lie in `range`.
    func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = parsed.value(name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw error("--\(name) '\(text)': expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// The finite number given for `--name`, which must lie in `range`.
    func number(_ name: String, in range: ClosedRange<Double>) throws(UsageError) -> Double? {
        guard let text = parsed.value(name) else { return nil }
        guard let value = Double(text), value.isFinite, range.contains(value) else {
            throw error(
                "--\(name) '\(text)': expected a number from \(JSONValue.number(range.lowerBound)) to \(JSONValue.number(range.upperBound))"
            )
        }
        return value
    }

    /// The value of `--name`, which must be one of `choices`.
    func choice(_ name: String, from choices: [String]) throws(UsageError) -> String? {
        guard let text = parsed.value(name) else { return nil }
        guard choices.contains(text) else {
            throw error("--\(name) '\(text)': use one of \(choices.joined(separator: ", "))")
        }
        return text
    }

    /// The value of `--name`, which `mode` needs.
    func required(_ name: String, for mode: String) throws(UsageError) -> String {
        guard let value = parsed.value(name) else { throw error("\(mode) needs --\(name)") }
        return value
    }

    /// Refuses options that do not go with `mode`.
    func refuse(_ names: [String], with mode: String) throws(UsageError) {
        if let name = names.first(where: { parsed.has($0) }) {
            throw error("--\(name) does not go with \(mode)")
        }
    }

    /// Refuses input arguments, which `mode` reads from its file instead.
    func refusePositionals(with mode: String) throws(UsageError) {
        if let first = parsed.positionals.first {
            throw error("unexpected argument '\(first)': \(mode) names the inputs")
        }
    }
}
