import Foundation
import LightboxGeometry

/// A JSON value with ordered object keys, written on one line for `--json` and `--dry-run`.
package indirect enum JSONValue: Sendable, Equatable {
    /// A string.
    case string(String)
    /// An integer.
    case int(Int)
    /// A double (non-finite values are written as null).
    case double(Double)
    /// A boolean.
    case bool(Bool)
    /// null.
    case null
    /// An object whose keys keep their order.
    case object([(String, JSONValue)])
    /// An array.
    case array([JSONValue])

    /// The compact one-line text, every number exact (reports, layout files, `--json`).
    package var text: String { rendered(JSONValue.number) }

    /// The compact one-line text with numbers in the short form messages use (`NumberText`),
    /// for plans people read (`--dry-run`): `0.1`, not `0.09999999999999998`.
    package var shortText: String { rendered(NumberText.short) }

    /// The text with doubles written by `number`.
    private func rendered(_ number: (Double) -> String) -> String {
        switch self {
        case .string(let value): return JSONValue.quoted(value)
        case .int(let value): return String(value)
        case .double(let value): return value.isFinite ? number(value) : "null"
        case .bool(let value): return value ? "true" : "false"
        case .null: return "null"
        case .object(let pairs):
            return "{" + pairs.map { JSONValue.quoted($0.0) + ":" + $0.1.rendered(number) }.joined(separator: ",") + "}"
        case .array(let items):
            return "[" + items.map { $0.rendered(number) }.joined(separator: ",") + "]"
        }
    }

    /// Two values are equal when their texts are.
    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.text == rhs.text }

    /// The shortest text that reads back as the same double; whole numbers without ".0".
    package static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    /// A JSON string literal.
    package static func quoted(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
