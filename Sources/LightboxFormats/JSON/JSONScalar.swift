import Foundation

/// The one rule for JSON booleans and numbers as `JSONSerialization` gives them: both arrive as
/// `NSNumber`, and only a literal `true` or `false` (C type `c`) is a boolean, never a number.
package enum JSONScalar {
    /// The boolean of a JSON `true` or `false`; nil for anything else (`1` and `"true"` included).
    package static func bool(_ value: Any?) -> Bool? {
        guard let number = value as? NSNumber, !(value is String), String(cString: number.objCType) == "c" else {
            return nil
        }
        return number.boolValue
    }

    /// The texts a flag field may hold, in a CSV cell or a JSON string, any case.
    static let flagTexts = ["true": true, "yes": true, "1": true, "false": false, "no": false, "0": false]

    /// A flag field's value: a JSON `true` or `false`, or a text of `flagTexts` (`"yes"`, a CSV
    /// cell's `TRUE`); nil for anything else. One rule for every door.
    package static func flag(_ value: Any?) -> Bool? {
        if let text = value as? String { return flagTexts[text.lowercased()] }
        return bool(value)
    }

    /// The message for a refused flag value: `'maybe': expected true or false` for a text.
    package static func flagProblem(_ value: Any) -> String {
        (value as? String).map { "'\($0)': expected true or false" } ?? "expected true or false"
    }

    /// The value of a finite JSON number; nil for a boolean, a string or anything else.
    package static func number(_ value: Any?) -> Double? {
        guard let number = value as? NSNumber, !(value is String), bool(value) == nil else { return nil }
        // JSONSerialization gives NSDecimalNumber, whose doubleValue can miss the last bit; its text does not.
        let exact = (number as? NSDecimalNumber).flatMap { Double($0.stringValue) } ?? number.doubleValue
        return exact.isFinite ? exact : nil
    }

    /// Whether a JSON number was written as a whole number (C type other than `d` or `f`).
    package static func isInteger(_ value: Any?) -> Bool {
        guard let number = value as? NSNumber, bool(value) == nil else { return false }
        return !["d", "f"].contains(String(cString: number.objCType))
    }
}
