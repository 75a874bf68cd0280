/// One key and its value in a YAML mapping.
package struct YAMLPair: Sendable, Hashable {
    /// The key node.
    package let key: YAMLNode
    /// The value node.
    package let value: YAMLNode

    /// Makes a pair.
    package init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}
