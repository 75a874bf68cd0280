/// Decodes what `WireEncoder` wrote, with the type's own `Codable` code. Every count and length
/// is checked against the bytes, so a message cut short or damaged throws, never traps.
struct WireDecoder: Decoder {
    /// What a value is.
    enum Tag: UInt8 {
        /// No value (nil).
        case null
        /// A number's bits, a boolean's byte, a string's UTF-8, or a run of `WireBytes`.
        case scalar
        /// Keys and their values.
        case keyed
        /// Values in order.
        case unkeyed
    }

    /// One entry of a container: its key's bytes (none in an unkeyed one) and where its value starts.
    struct Entry {
        /// The key's UTF-8 in the message.
        let key: Range<Int>
        /// Where the value starts.
        let value: Int
    }

    /// The whole message.
    let bytes: [UInt8]
    /// Where this decoder's value starts.
    let start: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The value of `type` that `bytes` hold whole.
    static func value<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        let decoder = WireDecoder(bytes: bytes, start: 0)
        guard try decoder.end(of: 0) == bytes.count else { throw decoder.damaged("bytes after the value") }
        return try decoder.decode(type)
    }

    /// Decodes `type` from this value: `WireBytes` as its run, anything else by its own code.
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if type == WireBytes.self, let run = WireBytes(Array(try scalar())) as? T { return run }
        return try T(from: self)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(try Keyed<Key>(self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try Unkeyed(self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        Single(decoder: self)
    }

    /// The error for a message that does not hold what its type reads.
    func damaged(_ what: String) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: what))
    }

    /// The tag of the value at `position` (this decoder's by default).
    func tag(at position: Int? = nil) throws -> Tag {
        let position = position ?? start
        guard position < bytes.count, let tag = Tag(rawValue: bytes[position]) else { throw damaged("no value") }
        return tag
    }

    /// The 8-byte count at `position`, checked to be no more than the bytes left after it.
    func count(at position: Int) throws -> Int {
        guard position >= 0, bytes.count - position >= 8 else { throw damaged("cut short") }
        let bits = bytes.withUnsafeBytes {
            UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: position, as: UInt64.self))
        }
        guard bits <= UInt64(bytes.count - position - 8) else { throw damaged("a count past the end") }
        return Int(bits)
    }

    /// Where the value at `position` ends.
    func end(of position: Int) throws -> Int {
        switch try tag(at: position) {
        case .null: return position + 1
        case .scalar: return position + 9 + (try count(at: position + 1))
        case .keyed, .unkeyed: return position + 17 + (try count(at: position + 9))
        }
    }

    /// This container's entries.
    func entries() throws -> [Entry] {
        let tag = try tag()
        guard tag == .keyed || tag == .unkeyed else { throw damaged("not a container") }
        let number = try count(at: start + 1)
        let end = start + 17 + (try count(at: start + 9))
        var position = start + 17
        var found: [Entry] = []
        found.reserveCapacity(number)
        for _ in 0..<number {
            var key = position..<position
            if tag == .keyed {
                let length = try count(at: position)
                key = position + 8..<position + 8 + length
                position = key.upperBound
            }
            found.append(Entry(key: key, value: position))
            position = try self.end(of: position)
            guard position <= end else { throw damaged("an entry past its container") }
        }
        return found
    }

    /// A scalar's bytes.
    func scalar() throws -> ArraySlice<UInt8> {
        guard try tag() == .scalar else { throw damaged("not a scalar") }
        let length = try count(at: start + 1)
        return bytes[start + 9..<start + 9 + length]
    }

    /// A number's 8 bytes, as bits.
    func word() throws -> UInt64 {
        let run = try scalar()
        guard run.count == 8 else { throw damaged("not a number") }
        return bytes.withUnsafeBytes {
            UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: run.startIndex, as: UInt64.self))
        }
    }

    /// The decoder of the value at `position`.
    func child(_ position: Int) -> WireDecoder {
        WireDecoder(bytes: bytes, start: position)
    }
}
