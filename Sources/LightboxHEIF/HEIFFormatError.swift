/// A HEIF file whose boxes cannot be read: a size past its parent's end, a count larger than
/// the bytes that hold it, a field the reader does not know. The file is untrusted input, so
/// every read is bounds-checked and a problem is this error, never a crash.
package struct HEIFFormatError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong, such as `iloc: extent past the end of the box`.
    package let reason: String

    /// Makes an error with `reason`.
    package init(_ reason: String) {
        self.reason = reason
    }

    /// The reason.
    package var description: String { reason }
}
