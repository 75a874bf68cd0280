/// One node of a YAML document: a scalar, a sequence or a mapping, with the line it starts on.
package struct YAMLNode: Sendable, Hashable {
    /// What a node holds.
    package indirect enum Value: Sendable, Hashable {
        /// Text; `plain` when it was written unquoted, so `0` and `null` keep their YAML meaning.
        case scalar(String, plain: Bool)
        /// A list.
        case sequence([YAMLNode])
        /// Keys and values in document order (keys are unique).
        case mapping([YAMLPair])
    }

    /// The content.
    package let value: Value
    /// The line the node starts on, from 1.
    package let line: Int

    /// Makes a node.
    package init(_ value: Value, line: Int) {
        self.value = value
        self.line = line
    }

    /// The text of a scalar (nil for a sequence or a mapping).
    package var text: String? {
        if case .scalar(let text, _) = value { return text }
        return nil
    }

    /// Whether this is a plain `null`, `~` or empty scalar, YAML's "no value".
    package var isNull: Bool {
        if case .scalar(let text, plain: true) = value { return ["", "~", "null", "Null", "NULL"].contains(text) }
        return false
    }

    /// A plain scalar that is a whole decimal number, such as a class id.
    package var integer: Int? {
        if case .scalar(let text, plain: true) = value { return Int(text) }
        return nil
    }

    /// The items of a sequence (nil for anything else).
    package var items: [YAMLNode]? {
        if case .sequence(let items) = value { return items }
        return nil
    }

    /// The pairs of a mapping (nil for anything else).
    package var pairs: [YAMLPair]? {
        if case .mapping(let pairs) = value { return pairs }
        return nil
    }

    /// The value under a scalar key of a mapping, nil when absent or not a mapping.
    package subscript(key: String) -> YAMLNode? {
        pairs?.first { $0.key.text == key }?.value
    }

    /// "a list", "a mapping" or "text", for messages.
    package var kindName: String {
        switch value {
        case .scalar: return "text"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}
