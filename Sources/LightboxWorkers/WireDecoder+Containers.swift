import Foundation

/// The containers of `WireDecoder`: a keyed container finds its keys once, an unkeyed one reads
/// its values in order, a single value reads a scalar's bits.
extension WireDecoder {
    /// A keyed container's values by key.
    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: WireDecoder
        let entries: [Entry]
        /// The entry after the one last found: keys are mostly read in the order they were written.
        private let cursor = Cursor()
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] {
            entries.compactMap { Key(stringValue: String(decoding: decoder.bytes[$0.key], as: UTF8.self)) }
        }

        init(_ decoder: WireDecoder) throws {
            guard try decoder.tag() == .keyed else { throw decoder.damaged("not a keyed container") }
            self.decoder = decoder
            entries = try decoder.entries()
        }

        /// The entry of `key`, if the container has it: the one after the last found first.
        private func entry(_ key: String) -> Entry? {
            var key = key
            return key.withUTF8 { wanted in
                let start = cursor.next
                for step in 0..<entries.count {
                    let index = (start + step) % entries.count
                    let found = entries[index]
                    guard found.key.count == wanted.count else { continue }
                    let same = decoder.bytes.withUnsafeBufferPointer { all in
                        wanted.isEmpty
                            || memcmp(all.baseAddress! + found.key.lowerBound, wanted.baseAddress!, wanted.count) == 0
                    }
                    if same {
                        cursor.next = index + 1
                        return found
                    }
                }
                return nil
            }
        }

        /// The decoder of `key`'s value.
        func node(_ key: Key) throws -> WireDecoder {
            guard let entry = entry(key.stringValue) else {
                throw DecodingError.keyNotFound(
                    key, DecodingError.Context(codingPath: [], debugDescription: "no such key"))
            }
            return decoder.child(entry.value)
        }

        func contains(_ key: Key) -> Bool { entry(key.stringValue) != nil }
        func decodeNil(forKey key: Key) throws -> Bool { try node(key).tag() == .null }
        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try node(key).decodeBool() }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try node(key).decodeString() }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try node(key).decodeDouble() }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try node(key).decodeInt() }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try node(key).decode(type) }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try node(key).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try node(key).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder {
            guard let entry = entry("super") else { throw decoder.damaged("no super") }
            return decoder.child(entry.value)
        }

        func superDecoder(forKey key: Key) throws -> any Decoder { try node(key) }
    }

    /// Where a keyed container looks for its next key first.
    final class Cursor {
        /// The index of the entry after the one last found.
        var next = 0
    }

    /// An unkeyed container's values, in order.
    struct Unkeyed: UnkeyedDecodingContainer {
        let decoder: WireDecoder
        let entries: [Entry]
        var currentIndex = 0
        var codingPath: [any CodingKey] { [] }
        var count: Int? { entries.count }
        var isAtEnd: Bool { currentIndex >= entries.count }

        init(_ decoder: WireDecoder) throws {
            guard try decoder.tag() == .unkeyed else { throw decoder.damaged("not an unkeyed container") }
            self.decoder = decoder
            entries = try decoder.entries()
        }

        /// The next value's node, stepping past it.
        mutating func next() throws -> WireDecoder {
            guard !isAtEnd else { throw decoder.damaged("no more values") }
            defer { currentIndex += 1 }
            return decoder.child(entries[currentIndex].value)
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, try decoder.tag(at: entries[currentIndex].value) == .null else {
                return false
            }
            currentIndex += 1
            return true
        }

        mutating func decode(_ type: Double.Type) throws -> Double { try next().decodeDouble() }
        mutating func decode(_ type: Int.Type) throws -> Int { try next().decodeInt() }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decode(type) }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try next().container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try next().unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Decoder { try next() }
    }

    /// One scalar.
    struct Single: SingleValueDecodingContainer {
        let decoder: WireDecoder
        var codingPath: [any CodingKey] { [] }

        func decodeNil() -> Bool { (try? decoder.tag()) == .null }
        func decode(_ type: Bool.Type) throws -> Bool { try decoder.decodeBool() }
        func decode(_ type: String.Type) throws -> String { try decoder.decodeString() }
        func decode(_ type: Double.Type) throws -> Double { try decoder.decodeDouble() }
        func decode(_ type: Float.Type) throws -> Float { Float(try decoder.decodeDouble()) }
        func decode(_ type: Int.Type) throws -> Int { try decoder.decodeInt() }
        func decode(_ type: Int8.Type) throws -> Int8 { try narrow(decoder.decodeInt()) }
        func decode(_ type: Int16.Type) throws -> Int16 { try narrow(decoder.decodeInt()) }
        func decode(_ type: Int32.Type) throws -> Int32 { try narrow(decoder.decodeInt()) }
        func decode(_ type: Int64.Type) throws -> Int64 { Int64(try decoder.decodeInt()) }
        func decode(_ type: UInt.Type) throws -> UInt { try narrow(decoder.word()) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try narrow(decoder.word()) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try narrow(decoder.word()) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try narrow(decoder.word()) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.word() }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(type) }

        /// `value` as a narrower integer, or an error when it does not fit.
        private func narrow<Source: BinaryInteger, Target: BinaryInteger>(_ value: Source) throws -> Target {
            guard let narrowed = Target(exactly: value) else { throw decoder.damaged("a number out of range") }
            return narrowed
        }
    }
}

extension WireDecoder {
    /// A boolean's byte.
    func decodeBool() throws -> Bool {
        let bytes = try scalar()
        guard bytes.count == 1 else { throw damaged("not a boolean") }
        return bytes.first == 1
    }

    /// A string's UTF-8.
    func decodeString() throws -> String {
        String(decoding: try scalar(), as: UTF8.self)
    }

    /// A double's bits.
    func decodeDouble() throws -> Double {
        Double(bitPattern: try word())
    }

    /// An integer's bits.
    func decodeInt() throws -> Int {
        Int(Int64(bitPattern: try word()))
    }
}
