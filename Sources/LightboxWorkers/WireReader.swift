/// Reads one message that a `WireWriter` built, in the same order; a short or bad message throws.
package struct WireReader {
    /// A message that ended early or held an impossible count.
    package struct Malformed: Error {
        /// Makes the error.
        package init() {}
    }

    /// The whole message.
    private let bytes: [UInt8]
    /// Where the next read starts.
    private var position = 0

    /// Reads `bytes` from the start.
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    package var isAtEnd: Bool { position == bytes.count }

    /// Reads a 64-bit integer.
    package mutating func int() throws(Malformed) -> Int {
        Int(Int64(bitPattern: try word()))
    }

    /// Reads a double.
    package mutating func double() throws(Malformed) -> Double {
        Double(bitPattern: try word())
    }

    /// Reads a boolean.
    package mutating func bool() throws(Malformed) -> Bool {
        try int() != 0
    }

    /// Reads a string.
    package mutating func string() throws(Malformed) -> String {
        String(decoding: try data(), as: UTF8.self)
    }

    /// Reads an optional string.
    package mutating func optional() throws(Malformed) -> String? {
        try bool() ? try string() : nil
    }

    /// Reads a byte run.
    package mutating func data() throws(Malformed) -> [UInt8] {
        let count = try int()
        guard count >= 0, count <= bytes.count - position else { throw Malformed() }
        defer { position += count }
        return Array(bytes[position..<position + count])
    }

    /// Reads a list whose elements `element` reads.
    package mutating func list<T>(_ element: (inout WireReader) throws(Malformed) -> T) throws(Malformed) -> [T] {
        let count = try int()
        guard count >= 0, count <= bytes.count - position else { throw Malformed() }
        var values: [T] = []
        for _ in 0..<count { values.append(try element(&self)) }
        return values
    }

    /// The next eight bytes as a 64-bit word, least significant first.
    private mutating func word() throws(Malformed) -> UInt64 {
        guard let value = WireReader.word(bytes, at: position) else { throw Malformed() }
        position += 8
        return value
    }

    /// The eight bytes of `bytes` from `start` as a word, least significant first; nil if too few.
    package static func word(_ bytes: [UInt8], at start: Int) -> UInt64? {
        guard start >= 0, bytes.count - start >= 8 else { return nil }
        return bytes[start..<start + 8].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }
}
