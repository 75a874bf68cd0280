import LightboxFormats

/// A client's job id as it sent it: the JSON text of the line's `id`, echoed exactly (a number of
/// any size or precision, a string with its escapes), with only the white space between its tokens
/// removed, so the answer stays one line.
package struct BatchID: Sendable, Equatable {
    /// The id's JSON text.
    package let text: String

    /// The id of a line whose `id` could not be read, or that gave none.
    package static let null = BatchID(text: "null")

    /// Makes an id of JSON text already checked to be one value.
    private init(text: String) {
        self.text = text
    }

    /// The `id` of the object whose text (whole, or only its first bytes) is `bytes`; null when it
    /// has none or it cannot be read there.
    package init(of bytes: [UInt8]) {
        self.init(text: JSONMembers(bytes).text(of: "id") ?? "null")
    }
}
