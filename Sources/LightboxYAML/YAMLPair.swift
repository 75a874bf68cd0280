/// One key and its value in a YAML mapping.
public struct YAMLPair: Sendable, Hashable {
    /// The key node.
    public let key: YAMLNode
    /// The value node.
    public let value: YAMLNode

    /// Makes a pair.
    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}
