/// A problem with one key of a layout file, such as `photos[2].id: duplicate id 'Oslo'`.
package struct BoardFieldError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The key's path, such as `photos[2].id`; empty for the whole file.
    package let field: String
    /// What is wrong, on one line.
    package let reason: String

    /// Makes an error about `field`.
    package init(_ field: String, _ reason: String) {
        self.field = field
        self.reason = reason
    }

    /// `field: reason`, or the reason alone for the whole file.
    package var description: String { field.isEmpty ? reason : "\(field): \(reason)" }
}
