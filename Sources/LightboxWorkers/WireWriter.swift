/// Builds one message between the supervisor and a worker: numbers, strings and bytes, length-prefixed.
///
/// Both ends are the same binary, so the format needs no versioning: little-endian 64-bit
/// integers, doubles by bit pattern, strings and byte runs as a count followed by the bytes.
package struct WireWriter {
    /// The message so far.
    package private(set) var bytes: [UInt8] = []

    /// Makes an empty message.
    package init() {}

    /// Appends a 64-bit integer.
    package mutating func int(_ value: Int) {
        word(UInt64(bitPattern: Int64(value)))
    }

    /// Appends a double, bit for bit.
    package mutating func double(_ value: Double) {
        word(value.bitPattern)
    }

    /// Appends eight bytes, least significant first.
    private mutating func word(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    /// Appends a boolean as one integer.
    package mutating func bool(_ value: Bool) {
        int(value ? 1 : 0)
    }

    /// Appends a string as its UTF-8 byte count and bytes.
    package mutating func string(_ value: String) {
        data(Array(value.utf8))
    }

    /// Appends an optional string: a flag, then the string when there is one.
    package mutating func optional(_ value: String?) {
        bool(value != nil)
        if let value { string(value) }
    }

    /// Appends a byte run as its count and bytes.
    package mutating func data(_ value: [UInt8]) {
        int(value.count)
        bytes.append(contentsOf: value)
    }

    /// Appends a list: its count, then each element written by `element`.
    package mutating func list<T>(_ values: [T], _ element: (inout WireWriter, T) -> Void) {
        int(values.count)
        for value in values { element(&self, value) }
    }
}
