/// A YAML document that cannot be read, located by line.
package struct YAMLError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line of the problem, from 1.
    package let line: Int
    /// What is wrong.
    package let message: String

    /// Makes an error.
    package init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }

    /// `line N: message`.
    package var description: String { "line \(line): \(message)" }
}
