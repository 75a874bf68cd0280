/// The result of successfully parsing a command line for one command.
package struct ParsedCommand: Sendable, Equatable {
    /// The command that was selected.
    package let command: CommandSpec
    /// The positional arguments, in the order given.
    package let positionals: [String]
    /// Values given for each option, keyed by long name; a present flag maps to no values.
    private let storage: [String: [String]]

    /// Creates a parse result; `values` maps long option names to the values given.
    package init(command: CommandSpec, positionals: [String], values: [String: [String]]) {
        self.command = command
        self.positionals = positionals
        self.storage = values
    }

    /// Returns every value given for the option, in command-line order.
    package func values(_ long: String) -> [String] {
        requireDeclared(long)
        return storage[long] ?? []
    }

    /// Returns the value given for the option, or the last one when repeated.
    package func value(_ long: String) -> String? {
        values(long).last
    }

    /// Returns whether the flag was given.
    package func flag(_ long: String) -> Bool {
        has(long)
    }

    /// Returns whether the option was given at all.
    package func has(_ long: String) -> Bool {
        requireDeclared(long)
        return storage[long] != nil
    }

    /// Stops the program when code asks for an option the command never declared.
    private func requireDeclared(_ long: String) {
        guard command.option(long: long) != nil else {
            preconditionFailure("option '--\(long)' is not declared by command '\(command.name)'")
        }
    }
}
