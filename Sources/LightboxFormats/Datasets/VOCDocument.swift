import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One Pascal VOC annotation file read with Foundation's XMLParser: `<filename>`, `<size>`
/// and each `<object>`'s `<name>`, `<difficult>` and `<bndbox>`; other elements are passed over.
package final class VOCDocument: NSObject, XMLParserDelegate {
    /// `<filename>`.
    package private(set) var fileName: String?
    /// `<size><width>`, as written.
    package private(set) var width: String?
    /// `<size><height>`, as written.
    package private(set) var height: String?
    /// The objects in file order.
    package private(set) var objects: [VOCObject] = []

    private var path: [String] = []
    private var text = ""
    /// The first error libxml2 reported, with its line (the parser may still return true).
    private var failure: (line: Int, reason: String)?

    /// Parses `data`; a malformed file is a problem with its line.
    package static func read(_ data: Data, file: String) throws(BatchProblem) -> VOCDocument {
        if let line = firstInvalidUTF8Line(data) {
            throw BatchProblem(file, line: line, "not UTF-8 text (VOC files are read as UTF-8)")
        }
        let document = VOCDocument()
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        parser.delegate = document
        let parsed = parser.parse()
        if let failure = document.failure ?? (parsed ? nil : (parser.lineNumber, "malformed XML")) {
            if let syntax = XMLSyntaxError.first(in: data) {
                throw BatchProblem(
                    file, line: syntax.line, "not well-formed XML at column \(syntax.column): \(syntax.message)")
            }
            throw BatchProblem(file, line: failure.line, "not well-formed XML (\(failure.reason))")
        }
        return document
    }

    /// The line of the first byte that is not UTF-8, nil when all of `data` is; checked first
    /// because Foundation's XMLParser on Linux traps on element names that are not UTF-8.
    package static func firstInvalidUTF8Line(_ data: Data) -> Int? {
        var decoder = UTF8()
        var bytes = data.makeIterator()
        var line = 1
        while true {
            switch decoder.decode(&bytes) {
            case .scalarValue(let scalar): if scalar == "\n" { line += 1 }
            case .emptyInput: return nil
            case .error: return line
            }
        }
    }

    /// Keeps the first error and where it was.
    package func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        if failure == nil { failure = (parser.lineNumber, "XML error \((parseError as NSError).code)") }
    }

    /// Opens an element.
    package func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        path.append(name)
        text = ""
        if path == ["annotation", "object"] { objects.append(VOCObject(line: parser.lineNumber)) }
    }

    /// Collects an element's text.
    package func parser(_ parser: XMLParser, foundCharacters string: String) {
        if text.utf8.count < 4096 { text += string }
    }

    /// Closes an element, keeping its text when it is one Lightbox reads.
    package func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?)
    {
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch path {
        case ["annotation", "filename"]: fileName = value
        case ["annotation", "size", "width"]: width = value
        case ["annotation", "size", "height"]: height = value
        case ["annotation", "object", "name"]: objects[objects.count - 1].name = value
        case ["annotation", "object", "difficult"]: objects[objects.count - 1].difficult = value
        default:
            if path.count == 4, path.prefix(3) == ["annotation", "object", "bndbox"] {
                objects[objects.count - 1].corners[name] = value
            }
        }
        path.removeLast()
        text = ""
    }
}
