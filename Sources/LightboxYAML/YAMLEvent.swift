/// One parse event of libyaml, copied out of C into Swift values.
enum YAMLEvent: Equatable {
    /// A document begins.
    case documentStart
    /// A scalar with its text, plain style, anchor and tag.
    case scalar(String, plain: Bool, anchor: String?, tag: String?)
    /// A reference to an anchored node.
    case alias(String)
    /// A sequence begins.
    case sequenceStart(anchor: String?, tag: String?)
    /// A mapping begins.
    case mappingStart(anchor: String?, tag: String?)
    /// The open sequence or mapping ends.
    case collectionEnd
    /// Anything that does not change the tree (stream and document ends).
    case other
}
