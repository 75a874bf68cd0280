import Foundation

/// Typed reads of JSON values from `JSONSerialization`, each failure naming the key.
enum BoardFields {
    /// An object.
    static func object(_ value: Any, _ field: String) throws(BoardFieldError) -> [String: Any] {
        guard let object = value as? [String: Any] else { throw BoardFieldError(field, "expected an object") }
        return object
    }

    /// An array.
    static func array(_ value: Any, _ field: String) throws(BoardFieldError) -> [Any] {
        guard let array = value as? [Any] else { throw BoardFieldError(field, "expected an array") }
        return array
    }

    /// A string.
    static func string(_ value: Any, _ field: String) throws(BoardFieldError) -> String {
        guard let string = value as? String else { throw BoardFieldError(field, "expected a string") }
        return string
    }

    /// A boolean, `true` or `false`.
    static func bool(_ value: Any, _ field: String) throws(BoardFieldError) -> Bool {
        guard let number = value as? NSNumber, String(cString: number.objCType) == "c" else {
            throw BoardFieldError(field, "expected true or false")
        }
        return number.boolValue
    }

    /// A finite number.
    static func number(_ value: Any, _ field: String) throws(BoardFieldError) -> Double {
        // A JSON true or false is an NSNumber too, of C type char.
        guard !(value is String), let number = value as? NSNumber, String(cString: number.objCType) != "c" else {
            throw BoardFieldError(field, "expected a number")
        }
        // JSONSerialization gives NSDecimalNumber, whose doubleValue can miss the last bit; its text does not.
        let exact = (number as? NSDecimalNumber).flatMap { Double($0.stringValue) } ?? number.doubleValue
        guard exact.isFinite else { throw BoardFieldError(field, "expected a number") }
        return exact
    }

    /// A number within `range`.
    static func number(_ value: Any, _ field: String, in range: ClosedRange<Double>) throws(BoardFieldError) -> Double {
        let number = try number(value, field)
        guard range.contains(number) else {
            throw BoardFieldError(
                field, "\(JSONValue.number(number)) is not a number \(range.described)")
        }
        return number
    }

    /// A size as `CGSize` encodes it, `[width, height]`, or `{"width": .., "height": ..}`.
    static func size(_ value: Any, _ field: String, positive: Bool) throws(BoardFieldError) -> CGSize {
        let pair: (Any, Any)
        if let array = value as? [Any] {
            guard array.count == 2 else { throw BoardFieldError(field, "expected [width, height]") }
            pair = (array[0], array[1])
        } else if let object = value as? [String: Any] {
            guard let width = object["width"], let height = object["height"] else {
                throw BoardFieldError(field, "expected {\"width\": .., \"height\": ..}")
            }
            pair = (width, height)
        } else {
            throw BoardFieldError(field, "expected {\"width\": .., \"height\": ..} or [width, height]")
        }
        let width = try number(pair.0, "\(field).width")
        let height = try number(pair.1, "\(field).height")
        if positive {
            for (name, side) in [("width", width), ("height", height)] where side <= 0 || side > 100_000 {
                throw BoardFieldError(
                    "\(field).\(name)", "\(JSONValue.number(side)) points: expected more than 0, at most 100000")
            }
        }
        return CGSize(width: width, height: height)
    }
}
