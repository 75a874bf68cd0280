/// Encodes a Codable value for the worker pipe (`WorkerMessage`) straight into one byte buffer:
/// each value a tag and what follows it (a scalar's length and bytes; a container's count, byte
/// length and entries, a keyed one's each with its key), so `WireDecoder` reads it back with the
/// type's own `Codable` code, optionals and enum cases included, stepping over any value at once.
/// Numbers keep their bits; `WireBytes` are one run of raw bytes. A container is written whole
/// before its parent's next entry, as synthesized `Codable` code and every type sent here do: its
/// length is set when its parent's next entry starts, or when the value that opened it ends.
struct WireEncoder: Encoder {
    /// The message being written, shared by every encoder and container of one value.
    final class Buffer {
        /// The bytes so far.
        var bytes: [UInt8] = []
        /// Where the byte lengths of the containers still being written are, outermost first.
        private var open: [Int] = []

        /// Appends `value`'s 8 bytes, least significant first.
        func append(_ value: UInt64) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }

        /// Appends a count or length.
        func append(count: Int) {
            append(UInt64(count))
        }

        /// Adds 1 to the count at `position`.
        func bump(at position: Int) {
            let count = bytes.withUnsafeBytes {
                UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            }
            set(count + 1, at: position)
        }

        /// Writes `value`'s 8 bytes at `position`.
        private func set(_ value: UInt64, at position: Int) {
            bytes.withUnsafeMutableBytes {
                $0.storeBytes(of: value.littleEndian, toByteOffset: position, as: UInt64.self)
            }
        }

        /// Appends a container's tag, count and byte length (set by `close`); returns where its count is.
        func container(_ tag: WireDecoder.Tag) -> Int {
            bytes.append(tag.rawValue)
            append(count: 0)
            open.append(bytes.count)
            append(count: 0)
            return open[open.count - 1] - 8
        }

        /// Sets the byte length of every container opened after `position`: they are written whole.
        func close(after position: Int) {
            while let last = open.last, last > position {
                set(UInt64(bytes.count - last - 8), at: last)
                open.removeLast()
            }
        }

        /// Appends a scalar: its tag, length and bytes.
        func scalar(_ run: some Collection<UInt8>) {
            bytes.append(WireDecoder.Tag.scalar.rawValue)
            append(count: run.count)
            bytes.append(contentsOf: run)
        }

        /// Appends a number's scalar: its 8 bytes.
        func scalar(_ bits: UInt64) {
            bytes.append(WireDecoder.Tag.scalar.rawValue)
            append(count: 8)
            append(bits)
        }
    }

    /// Where the message goes.
    let buffer: Buffer
    /// Where this encoder's value starts in `buffer`.
    let start: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// An encoder of the value that starts at the end of `buffer`.
    init(_ buffer: Buffer) {
        self.buffer = buffer
        start = buffer.bytes.count
    }

    /// `value`'s bytes.
    static func bytes(of value: some Encodable) throws -> [UInt8] {
        let buffer = Buffer()
        try WireEncoder(buffer).encode(value)
        return buffer.bytes
    }

    /// Encodes `value` as this encoder's value: `WireBytes` as one run, anything else by its own
    /// code; a value that wrote nothing is a null.
    func encode<T: Encodable>(_ value: T) throws {
        // The metatype first: a dynamic cast of every value cost more than its encoding.
        if T.self == WireBytes.self, let run = value as? WireBytes {
            buffer.scalar(run.bytes)
        } else {
            try value.encode(to: self)
        }
        if buffer.bytes.count == start { buffer.bytes.append(WireDecoder.Tag.null.rawValue) }
        buffer.close(after: start)
    }

    /// The count of this value's container: a new one at its start, or the one already written there.
    private func open(_ tag: WireDecoder.Tag) -> Int {
        buffer.bytes.count == start ? buffer.container(tag) : start + 1
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Keyed<Key>(buffer: buffer, countAt: open(.keyed)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        Unkeyed(buffer: buffer, countAt: open(.unkeyed))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        Single(encoder: self)
    }

    /// A keyed container's members, in encoding order.
    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let buffer: Buffer
        /// Where the container's count is.
        let countAt: Int
        var codingPath: [any CodingKey] { [] }

        /// Counts and writes `key`, and returns the encoder of its value.
        private func member(_ key: String) -> WireEncoder {
            buffer.close(after: countAt + 8)
            buffer.bump(at: countAt)
            buffer.append(count: key.utf8.count)
            buffer.bytes.append(contentsOf: key.utf8)
            return WireEncoder(buffer)
        }

        mutating func encodeNil(forKey key: Key) throws {
            _ = member(key.stringValue)
            buffer.bytes.append(WireDecoder.Tag.null.rawValue)
        }

        mutating func encode(_ value: Bool, forKey key: Key) throws {
            _ = member(key.stringValue)
            buffer.scalar(CollectionOfOne(value ? 1 : 0))
        }

        mutating func encode(_ value: String, forKey key: Key) throws {
            _ = member(key.stringValue)
            buffer.scalar(value.utf8)
        }

        mutating func encode(_ value: Double, forKey key: Key) throws {
            _ = member(key.stringValue)
            buffer.scalar(value.bitPattern)
        }

        mutating func encode(_ value: Int, forKey key: Key) throws {
            _ = member(key.stringValue)
            buffer.scalar(UInt64(bitPattern: Int64(value)))
        }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try member(key.stringValue).encode(value)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            member(key.stringValue).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            member(key.stringValue).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { member("super") }
        mutating func superEncoder(forKey key: Key) -> any Encoder { member(key.stringValue) }
    }

    /// An unkeyed container's elements, in encoding order.
    private struct Unkeyed: UnkeyedEncodingContainer {
        let buffer: Buffer
        /// Where the container's count is.
        let countAt: Int
        var count = 0
        var codingPath: [any CodingKey] { [] }

        /// Counts an element and returns its encoder.
        private mutating func element() -> WireEncoder {
            buffer.close(after: countAt + 8)
            buffer.bump(at: countAt)
            count += 1
            return WireEncoder(buffer)
        }

        mutating func encodeNil() throws {
            _ = element()
            buffer.bytes.append(WireDecoder.Tag.null.rawValue)
        }

        mutating func encode(_ value: Double) throws {
            _ = element()
            buffer.scalar(value.bitPattern)
        }

        mutating func encode(_ value: Int) throws {
            _ = element()
            buffer.scalar(UInt64(bitPattern: Int64(value)))
        }

        mutating func encode<T: Encodable>(_ value: T) throws { try element().encode(value) }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            element().container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { element().unkeyedContainer() }
        mutating func superEncoder() -> any Encoder { element() }
    }

    /// One scalar: its bits, or a string's UTF-8.
    private struct Single: SingleValueEncodingContainer {
        let encoder: WireEncoder
        var codingPath: [any CodingKey] { [] }
        var buffer: Buffer { encoder.buffer }

        mutating func encodeNil() throws { buffer.bytes.append(WireDecoder.Tag.null.rawValue) }
        mutating func encode(_ value: Bool) throws { buffer.scalar(CollectionOfOne(value ? 1 : 0)) }
        mutating func encode(_ value: String) throws { buffer.scalar(value.utf8) }
        mutating func encode(_ value: Double) throws { buffer.scalar(value.bitPattern) }
        mutating func encode(_ value: Float) throws { buffer.scalar(Double(value).bitPattern) }
        mutating func encode(_ value: Int) throws { buffer.scalar(UInt64(bitPattern: Int64(value))) }
        mutating func encode(_ value: Int8) throws { try encode(Int(value)) }
        mutating func encode(_ value: Int16) throws { try encode(Int(value)) }
        mutating func encode(_ value: Int32) throws { try encode(Int(value)) }
        mutating func encode(_ value: Int64) throws { try encode(Int(value)) }
        mutating func encode(_ value: UInt) throws { buffer.scalar(UInt64(value)) }
        mutating func encode(_ value: UInt8) throws { buffer.scalar(UInt64(value)) }
        mutating func encode(_ value: UInt16) throws { buffer.scalar(UInt64(value)) }
        mutating func encode(_ value: UInt32) throws { buffer.scalar(UInt64(value)) }
        mutating func encode(_ value: UInt64) throws { buffer.scalar(value) }
        mutating func encode<T: Encodable>(_ value: T) throws { try encoder.encode(value) }
    }
}
