import CYaml

/// Reads one YAML document into a tree of nodes with line numbers, through libyaml's events.
package enum YAMLParser {
    /// The largest document read, so a hostile file cannot make the tree huge.
    package static let maximumBytes = 16 << 20

    /// The document's root node, nil for an empty document.
    package static func parse(_ bytes: [UInt8]) throws(YAMLError) -> YAMLNode? {
        guard bytes.count <= maximumBytes else {
            throw YAMLError(line: 1, "the file is larger than \(maximumBytes >> 20) MB")
        }
        var builder = YAMLTreeBuilder()
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else { throw YAMLError(line: 1, "cannot start the YAML parser") }
        defer { yaml_parser_delete(parser) }
        let result: Result<Void, YAMLError> = bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(parser, buffer.baseAddress, buffer.count)
            return Result { () throws(YAMLError) in try feed(parser, into: &builder) }
        }
        try result.get()
        return try builder.finish()
    }

    /// Pulls events until the stream ends, handing each to the builder.
    private static func feed(
        _ parser: UnsafeMutablePointer<yaml_parser_t>, into builder: inout YAMLTreeBuilder
    ) throws(YAMLError) {
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(parser, &event) == 1 else { throw failure(parser.pointee) }
            let line = Int(event.start_mark.line) + 1
            let converted = convert(&event)
            let ended = event.type == YAML_STREAM_END_EVENT
            yaml_event_delete(&event)
            try builder.add(converted, line: line)
            if ended { return }
        }
    }

    /// The Swift value of one C event.
    private static func convert(_ event: inout yaml_event_t) -> YAMLEvent {
        let anchor = string(lbx_yaml_anchor(&event))
        let tag = string(lbx_yaml_tag(&event))
        switch event.type {
        case YAML_DOCUMENT_START_EVENT: return .documentStart
        case YAML_ALIAS_EVENT: return .alias(anchor ?? "")
        case YAML_SEQUENCE_START_EVENT: return .sequenceStart(anchor: anchor, tag: tag)
        case YAML_MAPPING_START_EVENT: return .mappingStart(anchor: anchor, tag: tag)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT: return .collectionEnd
        case YAML_SCALAR_EVENT:
            var length = 0
            let bytes = lbx_yaml_scalar(&event, &length)
            let text =
                bytes.map { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""
            return .scalar(text, plain: lbx_yaml_scalar_is_plain(&event) == 1, anchor: anchor, tag: tag)
        default: return .other
        }
    }

    /// A NUL-terminated C string as Swift text.
    private static func string(_ pointer: UnsafePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    /// libyaml's own description of a syntax error, at its line.
    private static func failure(_ parser: yaml_parser_t) -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "cannot read the YAML"
        let context = parser.context.map { String(cString: $0) + ": " } ?? ""
        return YAMLError(line: Int(parser.problem_mark.line) + 1, context + problem)
    }
}
