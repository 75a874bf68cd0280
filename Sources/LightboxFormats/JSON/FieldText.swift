import Foundation

/// The text a JSON value stands for when a file's key names a command's option, and the two
/// spellings of a key: one rule for every file whose keys are options (view states, batch jobs).
package enum FieldText {
    /// The text an option takes for a JSON value: numbers plain, pairs and sizes joined by
    /// `separator` (`[w,h]` or `{"width","height"}`); nil for any other shape (booleans included).
    package static func text(_ value: Any, separator: String = ",") -> String? {
        if JSONScalar.bool(value) != nil { return nil }
        if let number = JSONScalar.number(value) { return JSONValue.number(number) }
        if let text = value as? String { return text }
        if let pair = value as? [Any], pair.count == 2, let a = JSONScalar.number(pair[0]),
            let b = JSONScalar.number(pair[1])
        {
            return "\(JSONValue.number(a))\(separator)\(JSONValue.number(b))"
        }
        if let size = value as? [String: Any], size.count == 2, let width = JSONScalar.number(size["width"]),
            let height = JSONScalar.number(size["height"])
        {
            return "\(JSONValue.number(width))\(separator)\(JSONValue.number(height))"
        }
        return nil
    }

    /// `maxZoom` as `max-zoom`; kebab-case keys stay as they are.
    package static func kebab(_ key: String) -> String {
        key.reduce(into: "") { text, character in
            if character.isUppercase { text += "-" + character.lowercased() } else { text.append(character) }
        }
    }

    /// `max-zoom` as `maxZoom`.
    package static func camel(_ name: String) -> String {
        let parts = name.split(separator: "-")
        let rest = parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }
        return (parts.first.map(String.init) ?? "") + rest.joined()
    }
}
