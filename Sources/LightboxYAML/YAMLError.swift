/// A YAML document that cannot be read, located by line.
public struct YAMLError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line of the problem, from 1.
    public let line: Int
    /// What is wrong.
    public let message: String

    /// Makes an error.
    public init(line: Int, _ message: String) {
        self.line = line
        self.message = message
    }

    /// `line N: message`.
    public var description: String { "line \(line): \(message)" }
}
