import Foundation

/// JSON values as `JSONSerialization` reads them, for echoing a client's value back.
extension JSONValue {
    /// The value of a `JSONSerialization` result: booleans stay booleans, whole numbers written
    /// without a fraction stay integers, object keys are sorted.
    package init(any value: Any) {
        switch value {
        case let text as String: self = .string(text)
        case let number as NSNumber:
            if let flag = JSONScalar.bool(number) {
                self = .bool(flag)
            } else if JSONScalar.isInteger(number) {
                self = .int(number.intValue)
            } else {
                self = .double(number.doubleValue)
            }
        case let array as [Any]: self = .array(array.map { JSONValue(any: $0) })
        case let object as [String: Any]:
            self = .object(object.keys.sorted().map { ($0, JSONValue(any: object[$0] as Any)) })
        default: self = .null
        }
    }
}
