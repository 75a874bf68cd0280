import Foundation

/// An `Encoder` that builds a `JSONValue`, keeping object keys in the order they are encoded
/// (`JSONEncoder` does not), so a Codable model writes the same text every time.
package enum JSONValueEncoder {
    /// The JSON value `value` encodes to.
    package static func encode(_ value: some Encodable) throws -> JSONValue {
        let root = Node()
        try value.encode(to: Writer(node: root, codingPath: []))
        return root.value
    }

    /// One value being built: empty, a scalar, an object or an array.
    private final class Node {
        /// What the node holds so far.
        var content: Content = .empty

        /// The node's kinds.
        enum Content {
            case empty
            case scalar(JSONValue)
            case object([(String, Node)])
            case array([Node])
        }

        /// The finished value (an empty node is null).
        var value: JSONValue {
            switch content {
            case .empty: return .null
            case .scalar(let value): return value
            case .object(let pairs): return .object(pairs.map { ($0.0, $0.1.value) })
            case .array(let items): return .array(items.map(\.value))
            }
        }

        /// Appends `key` (an object's next member) and returns its node.
        func member(_ key: String) -> Node {
            var pairs: [(String, Node)] = []
            if case .object(let existing) = content { pairs = existing }
            let child = Node()
            content = .object(pairs + [(key, child)])
            return child
        }

        /// Appends an array element and returns its node.
        func element() -> Node {
            var items: [Node] = []
            if case .array(let existing) = content { items = existing }
            let child = Node()
            content = .array(items + [child])
            return child
        }
    }

    /// The encoder handed to each value's `encode(to:)`.
    private struct Writer: Encoder {
        let node: Node
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if case .object = node.content {} else { node.content = .object([]) }
            return KeyedEncodingContainer(Keyed<Key>(node: node, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if case .array = node.content {} else { node.content = .array([]) }
            return Unkeyed(node: node, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            Single(node: node, codingPath: codingPath)
        }
    }

    /// An object's members, in encoding order.
    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        let codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws { node.member(key.stringValue).content = .scalar(.null) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try value.encode(to: Writer(node: node.member(key.stringValue), codingPath: codingPath + [key]))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            Writer(node: node.member(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            Writer(node: node.member(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { Writer(node: node.member("super"), codingPath: codingPath) }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            Writer(node: node.member(key.stringValue), codingPath: codingPath + [key])
        }
    }

    /// An array's elements, in encoding order.
    private struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]
        var count: Int {
            guard case .array(let items) = node.content else { return 0 }
            return items.count
        }

        mutating func encodeNil() throws { node.element().content = .scalar(.null) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try value.encode(to: Writer(node: node.element(), codingPath: codingPath))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            Writer(node: node.element(), codingPath: codingPath).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            Writer(node: node.element(), codingPath: codingPath).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { Writer(node: node.element(), codingPath: codingPath) }
    }

    /// One scalar: booleans, strings, and numbers as integers or doubles.
    private struct Single: SingleValueEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws { node.content = .scalar(.null) }
        mutating func encode(_ value: Bool) throws { node.content = .scalar(.bool(value)) }
        mutating func encode(_ value: String) throws { node.content = .scalar(.string(value)) }
        mutating func encode(_ value: Double) throws { node.content = .scalar(.double(value)) }
        mutating func encode(_ value: Float) throws { node.content = .scalar(.double(Double(value))) }
        mutating func encode(_ value: Int) throws { node.content = .scalar(.int(value)) }
        mutating func encode(_ value: Int8) throws { node.content = .scalar(.int(Int(value))) }
        mutating func encode(_ value: Int16) throws { node.content = .scalar(.int(Int(value))) }
        mutating func encode(_ value: Int32) throws { node.content = .scalar(.int(Int(value))) }
        mutating func encode(_ value: Int64) throws { node.content = .scalar(.int(Int(value))) }
        mutating func encode(_ value: UInt) throws { node.content = .scalar(.double(Double(value))) }
        mutating func encode(_ value: UInt8) throws { node.content = .scalar(.int(Int(value))) }
        mutating func encode(_ value: UInt16) throws { node.content = .scalar(.int(Int(value))) }
        mutating func encode(_ value: UInt32) throws { node.content = .scalar(.int(Int(value))) }
        mutating func encode(_ value: UInt64) throws { node.content = .scalar(.double(Double(value))) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try value.encode(to: Writer(node: node, codingPath: codingPath))
        }
    }
}
