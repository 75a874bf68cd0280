/// Builds the node tree from parse events, resolving anchors and refusing what it cannot mean.
struct YAMLTreeBuilder {
    /// The deepest nesting accepted.
    static let maximumDepth = 64
    /// The most alias uses accepted, against documents that expand exponentially.
    static let maximumAliases = 1000
    /// Tags of YAML's core schema, which change nothing for a reader of text, lists and maps.
    static let coreTags: Set<String> = ["str", "int", "float", "bool", "null", "seq", "map"].reduce(into: []) {
        $0.insert("tag:yaml.org,2002:" + $1)
    }

    /// An open sequence or mapping.
    private struct Open {
        let line: Int
        let anchor: String?
        let isMapping: Bool
        var items: [YAMLNode] = []
    }

    private var stack: [Open] = []
    private var anchors: [String: YAMLNode] = [:]
    private var aliases = 0
    private var documents = 0
    private var root: YAMLNode?

    /// Takes the next event, which starts on `line`.
    mutating func add(_ event: YAMLEvent, line: Int) throws(YAMLError) {
        switch event {
        case .documentStart:
            documents += 1
            if documents > 1 { throw YAMLError(line: line, "a second YAML document ('---'); give one document") }
        case .scalar(let text, let plain, let anchor, let tag):
            try checkTag(tag, line: line)
            let stringTagged = tag == "tag:yaml.org,2002:str"
            try place(YAMLNode(.scalar(text, plain: plain && !stringTagged), line: line), anchor: anchor)
        case .alias(let name):
            aliases += 1
            guard aliases <= Self.maximumAliases else {
                throw YAMLError(line: line, "more than \(Self.maximumAliases) aliases")
            }
            guard let node = anchors[name] else {
                throw YAMLError(line: line, "alias '*\(name)' names no anchor before it")
            }
            try place(YAMLNode(node.value, line: line), anchor: nil)
        case .sequenceStart(let anchor, let tag), .mappingStart(let anchor, let tag):
            try checkTag(tag, line: line)
            guard stack.count < Self.maximumDepth else {
                throw YAMLError(line: line, "nested deeper than \(Self.maximumDepth) levels")
            }
            if case .mappingStart = event {
                stack.append(Open(line: line, anchor: anchor, isMapping: true))
            } else {
                stack.append(Open(line: line, anchor: anchor, isMapping: false))
            }
        case .collectionEnd:
            guard let open = stack.popLast() else { throw YAMLError(line: line, "a collection ends that never began") }
            try place(try close(open), anchor: open.anchor)
        case .other:
            break
        }
    }

    /// The root node once the stream has ended.
    func finish() throws(YAMLError) -> YAMLNode? {
        if let open = stack.last { throw YAMLError(line: open.line, "the collection starting here never ends") }
        return root
    }

    /// A finished collection as a node; a mapping's keys must be unique.
    private func close(_ open: Open) throws(YAMLError) -> YAMLNode {
        guard open.isMapping else { return YAMLNode(.sequence(open.items), line: open.line) }
        var pairs: [YAMLPair] = []
        var seen: [YAMLNode.Value: Int] = [:]
        for index in stride(from: 0, to: open.items.count - 1, by: 2) {
            let key = open.items[index]
            if let first = seen[key.value] {
                throw YAMLError(line: key.line, "duplicate key '\(key.text ?? key.kindName)' (first on line \(first))")
            }
            seen[key.value] = key.line
            pairs.append(YAMLPair(key: key, value: open.items[index + 1]))
        }
        return YAMLNode(.mapping(pairs), line: open.line)
    }

    /// Puts a finished node into its parent (or makes it the root) and records its anchor.
    private mutating func place(_ node: YAMLNode, anchor: String?) throws(YAMLError) {
        if let anchor { anchors[anchor] = node }
        if stack.isEmpty {
            root = node
        } else {
            stack[stack.count - 1].items.append(node)
        }
    }

    /// Refuses a tag outside YAML's core schema (such as `!!python/tuple`).
    private func checkTag(_ tag: String?, line: Int) throws(YAMLError) {
        guard let tag, tag != "!", !Self.coreTags.contains(tag) else { return }
        throw YAMLError(line: line, "the tag '\(tag)' is not supported")
    }
}
