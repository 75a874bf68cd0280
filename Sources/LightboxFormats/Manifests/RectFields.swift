import Foundation

/// The two ways a line gives its rect, declared once for every door that reads crop lines (a
/// CSV manifest's columns, a JSON Lines manifest's keys, a `lightbox batch` crop, and so the
/// Python client and Ray, which send JSON): one `rect` field in any of `RectValue`'s forms
/// (`"x,y,w,h"` in a CSV cell), or the four fields `x`, `y`, `width` and `height`.
package enum RectFields {
    /// The one field holding the whole rect.
    package static let whole = "rect"
    /// The four fields holding its parts, in order.
    package static let parts = ["x", "y", "width", "height"]
    /// Every field name a rect may take.
    package static let names = [whole] + parts

    /// A rect field that cannot be read: the field, and why.
    package struct Problem: Error, Equatable {
        /// The field at fault.
        package let field: String
        /// Why.
        package let message: String
    }

    /// Why fields named `given` (a CSV header's columns, a JSON object's keys) do not give a rect
    /// exactly one way, or nil when they do.
    package static func problem(given: Set<String>) -> String? {
        let found = parts.filter(given.contains)
        if given.contains(whole), let first = found.first {
            return "the rect is given twice: '\(whole)' and '\(first)'"
        }
        guard !given.contains(whole), found.count < parts.count else { return nil }
        let lacking = parts.filter { !given.contains($0) }
        return
            "missing\(found.isEmpty ? "" : " " + lacking.joined(separator: ", ")) (give rect, or x, y, width and height)"
    }

    /// The rect given by `value` (each field's value, nil when absent: text from a CSV cell, any
    /// JSON value), whose names `problem` has passed; or the field at fault and why.
    package static func rect(_ value: (String) -> Any?) -> Result<CGRect, Problem> {
        if let whole = value(whole) {
            // A CSV cell may hold a JSON form too: `[0.1,0.2,0.5,0.6]`, `{"x":0.1,...}`.
            let text = (whole as? String)?.trimmingCharacters(in: .whitespaces)
            let json = text.flatMap { $0.hasPrefix("[") || $0.hasPrefix("{") ? $0 : nil }.map {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8))) ?? $0
            }
            return RectValue.parse(json ?? whole).mapError { Problem(field: Self.whole, message: $0.message) }
        }
        var numbers: [Double] = []
        for name in parts {
            let given = value(name)
            if let text = given as? String {
                guard let number = Double(text) else {
                    return .failure(Problem(field: name, message: "'\(text)' is not a number"))
                }
                numbers.append(number)
            } else if let number = JSONScalar.number(given) {
                numbers.append(number)
            } else {
                return .failure(Problem(field: name, message: given == nil ? "missing" : "expected a number"))
            }
        }
        return .success(CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
    }
}
