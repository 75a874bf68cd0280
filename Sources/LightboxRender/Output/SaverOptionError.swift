/// Why an output name's save options cannot be used: one line naming the option.
package struct SaverOptionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The message, such as `save option Q=900: wants a whole number from 1 to 100`.
    package let description: String

    /// Makes an error.
    package init(_ description: String) {
        self.description = description
    }
}
