import Foundation

/// Says why libvips failed in plain words first, with the library's own detail after only where it adds something.
///
/// libvips names the part of itself that failed before its words (`VipsForeignSaveJpegFile: `,
/// `VipsJpeg: `, `VipsForeignLoad: `): class names of its own, which tell a user nothing, so
/// they are never what a reason starts with. Where the caller knows what failed (no loader
/// takes a file, a save the system refused) it asks for that case by name; the rest is told
/// apart by libvips' words alone (`known`).
package enum PlainReason {
    /// One failure libvips reports only in words.
    struct Known: Sendable {
        /// libvips' name for the part that reports it, as it starts the message (`VipsJpeg`).
        let domain: String
        /// The words after the domain, as a regular expression matched whole.
        let pattern: String
        /// What the reason says instead.
        let plain: String
        /// The library whose words follow in parentheses (`libjpeg`); nil when they add nothing.
        let library: String?
    }

    /// The failures known by their words: libjpeg's errors reach libvips as text only (its
    /// message table, formatted into the error buffer), and libvips' own "not a known file
    /// format" has no code either, so their words are all there is to match.
    static let known = [
        Known(
            domain: "VipsJpeg", pattern: "Premature end of (input|JPEG) file",
            plain: "truncated JPEG: the data ends before the last row", library: "libjpeg"),
        Known(
            domain: "VipsForeignLoad", pattern: #"".*" is not a known file format"#, plain: "is not an image",
            library: nil),
    ]

    /// A libvips class name starting a message, alone or after an operation's name or another
    /// message: `VipsForeignSaveTiffFile: `.
    static let domain = #"(^|: |; |\()Vips[A-Za-z]+: "#

    /// `reason` said plainly: a `known` failure in its own words, the library's after it in
    /// parentheses with the other messages joined to it; otherwise `reason` with libvips' class names taken out.
    package static func of(_ reason: String) -> String {
        let parts = reason.components(separatedBy: "; ")
        for (index, part) in parts.enumerated() {
            guard let (entry, words) = match(part) else { continue }
            var rest = parts
            rest.remove(at: index)
            let detail = (entry.library.map { ["\($0): \(words)"] } ?? []) + rest.map(withoutClassNames)
            return detail.isEmpty ? entry.plain : "\(entry.plain) (\(detail.joined(separator: "; ")))"
        }
        return withoutClassNames(reason)
    }

    /// The `known` failure one message is, with libvips' words after its class name.
    static func match(_ message: String) -> (Known, String)? {
        for entry in known {
            guard let range = message.range(of: entry.domain + ": ", options: .backwards) else { continue }
            let words = String(message[range.upperBound...])
            if words.range(of: "^(\(entry.pattern))$", options: .regularExpression) != nil { return (entry, words) }
        }
        return nil
    }

    /// `text` with every libvips class name that starts a message taken out.
    static func withoutClassNames(_ text: String) -> String {
        text.replacingOccurrences(of: domain, with: "$1", options: .regularExpression)
    }

    /// The reason for a file no loader takes, `head` being its first bytes: said to start with
    /// text when they are printable UTF-8, else with its first bytes in hexadecimal.
    package static func notAnImage(startingWith head: [UInt8]) -> String {
        guard !head.isEmpty else { return "is not an image" }
        if isText(head.prefix(64), cut: head.count > 64) { return "is not an image (it starts with text)" }
        let bytes = head.prefix(8).map { String(format: "%02X", $0) }.joined(separator: " ")
        return "is not an image (it starts with bytes \(bytes))"
    }

    /// Whether `bytes` are UTF-8 text without control characters but tabs and line ends; when
    /// they were `cut` from longer bytes, their last character may be cut short.
    static func isText(_ bytes: ArraySlice<UInt8>, cut: Bool) -> Bool {
        for dropped in 0...(cut ? min(3, bytes.count - 1) : 0) {
            guard let text = String(validating: bytes.dropLast(dropped), as: UTF8.self) else { continue }
            return text.unicodeScalars.allSatisfy { scalar in
                scalar.properties.generalCategory != .control || "\t\n\r".unicodeScalars.contains(scalar)
            }
        }
        return false
    }

    /// The reason for a save the system refused, from libvips' message: `cannot write: ` and the
    /// system's first reason there (`unix error: No space left on device`); with none but
    /// `Unknown error`, the message itself after it.
    package static func cannotWrite(_ message: String) -> String {
        let reasons = message.components(separatedBy: "unix error: ").dropFirst()
            .map { String($0.prefix { $0 != ";" && $0 != ")" }) }
        if let reason = reasons.first(where: { !$0.hasPrefix("Unknown error") }) { return "cannot write: \(reason)" }
        return "cannot write: the system gave no reason (\(withoutClassNames(message)))"
    }
}
