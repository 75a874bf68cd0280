import CXml
import Foundation

/// Where an XML file stops being well-formed, in libxml2's own words: Foundation's XMLParser,
/// which reads VOC files, gives only an error number, so a file it refuses is parsed once more
/// by libxml2 itself (no network, no DTD, no entities) for the line, column and message.
package struct XMLSyntaxError: Equatable, Sendable {
    /// The line, from 1.
    package let line: Int
    /// The column, from 1.
    package let column: Int
    /// libxml2's message, such as `Opening and ending tag mismatch: object line 2 and annotation`.
    package let message: String

    /// The first error libxml2 finds in `data`, or nil when it finds none.
    package static func first(in data: Data) -> XMLSyntaxError? {
        guard data.count < Int(Int32.max) else { return nil }
        var error = lbx_xml_error()
        let found = data.withUnsafeBytes { bytes in
            lbx_xml_first_error(bytes.bindMemory(to: CChar.self).baseAddress, Int32(bytes.count), &error)
        }
        guard found != 0 else { return nil }
        let message = withUnsafeBytes(of: &error.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return XMLSyntaxError(
            line: Int(error.line), column: Int(error.column),
            message: message.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
