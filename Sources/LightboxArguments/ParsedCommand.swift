/// The result of successfully parsing a command line for one command.
///
/// Values are read through the command's declared options (`value(_:)`, `flag(_:)`), typed; a
/// bad value is a usage error `--name 'text': expected ...` naming the option.
package struct ParsedCommand: Sendable, Equatable {
    /// The command that was selected.
    package let command: CommandSpec
    /// The command's names from the root, such as `["lightbox", "crop"]`, for usage errors.
    package let path: [String]
    /// The positional arguments, in the order given.
    package let positionals: [String]
    /// Values given for each option, keyed by long name; a present flag maps to no values.
    private let storage: [String: [String]]
    /// For values read from a file's fields rather than a command line: each option's key as the
    /// file wrote it, which messages name instead of `--long`.
    private let fieldNames: [String: String]?

    /// Creates a parse result; `values` maps long option names to the values given, and
    /// `fieldNames`, when the values come from a file's keys, maps long names to those keys.
    package init(
        command: CommandSpec, path: [String], positionals: [String], values: [String: [String]],
        fieldNames: [String: String]? = nil
    ) {
        self.command = command
        self.path = path
        self.positionals = positionals
        self.storage = values
        self.fieldNames = fieldNames
    }

    /// Whether the values come from a file's fields (a manifest's or a job's line), not a command line.
    package var isFromFile: Bool { fieldNames != nil }

    /// This parse with every option in `defaults` that it lacks (and that `accepts`) added: a
    /// file's line over the command line's values.
    package func filling(from defaults: ParsedCommand, accepting accepts: (String) -> Bool) -> ParsedCommand {
        var values = storage
        for (long, texts) in defaults.storage where values[long] == nil && accepts(long) { values[long] = texts }
        return ParsedCommand(
            command: command, path: path, positionals: positionals, values: values, fieldNames: fieldNames)
    }

    /// This parse with `spec`'s value set to `text` (the last one, for a repeated option).
    package func replacing(_ spec: OptionSpec, with text: String) -> ParsedCommand {
        var values = storage
        values[spec.long] = (values[spec.long]?.dropLast() ?? []) + [text]
        return ParsedCommand(
            command: command, path: path, positionals: positionals, values: values, fieldNames: fieldNames)
    }

    /// How messages name `spec`: `--long`, or the key a file wrote.
    package func name(of spec: OptionSpec) -> String {
        fieldNames.map { $0[spec.long] ?? spec.long } ?? "--\(spec.long)"
    }

    /// Every text given for the declared option, in command-line order; nil when it was not given.
    package func texts(_ spec: OptionSpec) -> [String]? {
        storage[spec.long]
    }

    /// Every text given for the option named `long`; nil when it was not given.
    package func texts(long: String) -> [String]? {
        storage[long]
    }

    /// The last text given for `option`, or nil.
    package func text(_ option: some OptionDeclaration) -> String? {
        texts(option.spec)?.last
    }

    /// Whether `option` was given at all.
    package func has(_ option: some OptionDeclaration) -> Bool {
        texts(option.spec) != nil
    }

    /// Whether `option` was given by this source itself: on the command line, or as a key of the
    /// file's line (not filled in from the command line's defaults by `filling`).
    package func givesItself(_ option: some OptionDeclaration) -> Bool {
        has(option) && (fieldNames.map { $0[option.spec.long] != nil } ?? true)
    }

    /// Whether `flag` was given.
    package func flag(_ flag: Flag) -> Bool {
        has(flag)
    }

    /// The value of `option` (the last when repeated), or nil when it was not given.
    package func value<Value>(_ option: Option<Value>) throws(UsageError) -> Value? {
        guard let text = text(option) else { return nil }
        guard let value = option.read(text) else {
            throw error("\(name(of: option.spec)) '\(text)': \(option.problem(with: text))")
        }
        return value
    }

    /// The value of `option`, or `fallback` when it was not given.
    package func value<Value>(_ option: Option<Value>, default fallback: Value) throws(UsageError) -> Value {
        try value(option) ?? fallback
    }

    /// Every value of a repeated option; a bad one is reported as `--name N 'text'`, N counting from 1.
    package func values<Value>(_ option: Option<Value>) throws(UsageError) -> [Value] {
        var values: [Value] = []
        for (index, text) in (texts(option.spec) ?? []).enumerated() {
            guard let value = option.read(text) else {
                throw error("\(name(of: option.spec)) \(index + 1) '\(text)': \(option.problem(with: text))")
            }
            values.append(value)
        }
        return values
    }

    /// The value of `option`, which `mode` needs.
    package func required<Value>(_ option: Option<Value>, for mode: String) throws(UsageError) -> Value {
        guard let value = try value(option) else { throw error("\(mode) needs \(name(of: option.spec))") }
        return value
    }

    /// Refuses options that do not go with `mode`.
    package func refuse(_ options: [any OptionDeclaration], with mode: String) throws(UsageError) {
        if let given = options.first(where: { texts($0.spec) != nil }) {
            throw error("\(name(of: given.spec)) does not go with \(mode)")
        }
    }

    /// Refuses input arguments, which `mode` reads from its file instead.
    package func refusePositionals(with mode: String) throws(UsageError) {
        if let first = positionals.first {
            throw error("unexpected argument '\(first)': \(mode) names the inputs")
        }
    }

    /// A usage error for this command.
    package func error(_ message: String) -> UsageError {
        UsageError(message, commandPath: path)
    }
}
