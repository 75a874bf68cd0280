/// The declaration of one named command-line option, such as `-o, --output <output>`.
package struct OptionSpec: Sendable, Equatable {
    /// How an option consumes values on the command line.
    package enum Kind: Sendable, Equatable {
        /// A switch that takes no value; it is either present or absent.
        case flag
        /// An option taking exactly one value, shown in help under the given value name.
        case value(String)
        /// An option taking one value per occurrence that may be given many times.
        case repeated(String)
    }

    /// The long name without leading dashes, for example `rect`.
    package var long: String
    /// The optional one-letter short name, for example `o` for `-o`.
    package var short: Character?
    /// Whether the option is a flag, a single value or a repeated value.
    package var kind: Kind
    /// The one-line description shown in generated help.
    package var help: String
    /// Whether parsing fails when the option is absent; meant for value options.
    package var isRequired: Bool
    /// The values the option accepts, offered by shell completion; empty when any value goes.
    package var choices: [String] = []

    /// Creates an option declaration from all of its parts.
    package init(long: String, short: Character? = nil, kind: Kind, help: String, isRequired: Bool = false) {
        self.long = long
        self.short = short
        self.kind = kind
        self.help = help
        self.isRequired = isRequired
    }

    /// The value name in angle brackets, such as `<output>`, or nil for a flag.
    package var valuePlaceholder: String? {
        switch kind {
        case .flag: nil
        case .value(let name), .repeated(let name): "<\(name)>"
        }
    }

    /// Whether the option consumes a value.
    package var takesValue: Bool {
        valuePlaceholder != nil
    }

    /// What shell completion offers for the value: its choices, files, folders or nothing.
    package var completion: Completion {
        switch kind {
        case .flag: .none
        case .value(let name), .repeated(let name): Completion.forValue(named: name, choices: choices)
        }
    }

    /// A value's completion; value names `file`, `output`, `template`, `labels` and `path` take
    /// files, `dir` takes folders.
    package enum Completion: Sendable, Equatable {
        /// Nothing to offer (a number, a rect).
        case none
        /// Any file.
        case file
        /// A folder.
        case directory
        /// One of these words.
        case words([String])

        /// The completion of a value called `name` with `choices`.
        package static func forValue(named name: String, choices: [String]) -> Completion {
            if !choices.isEmpty { return .words(choices) }
            if name == "dir" { return .directory }
            return ["file", "output", "template", "labels", "path"].contains(name) ? .file : .none
        }
    }

    /// Whether the option may be given more than once.
    package var isRepeatable: Bool {
        if case .repeated = kind { return true }
        return false
    }

    /// The long spelling with its value name, such as `--rect <x,y,w,h>`.
    package var longSynopsis: String {
        synopsis(spelling: "--\(long)")
    }

    /// The shortest spelling with its value name, such as `-o <output>`.
    package var shortestSynopsis: String {
        synopsis(spelling: short.map { "-\($0)" } ?? "--\(long)")
    }

    /// The label used in the OPTIONS section of help, such as `-o, --output <output>`.
    package var helpLabel: String {
        guard let short else { return longSynopsis }
        return "-\(short), \(longSynopsis)"
    }

    /// Appends the value placeholder, if any, to the given spelling of the option.
    package func synopsis(spelling: String) -> String {
        guard let valuePlaceholder else { return spelling }
        return "\(spelling) \(valuePlaceholder)"
    }
}
