import Foundation

/// JSON values as `JSONSerialization` reads them, for echoing a client's value back.
extension JSONValue {
    /// The value of a `JSONSerialization` result: booleans stay booleans, whole numbers written
    /// without a fraction stay integers, object keys are sorted.
    init(any value: Any) {
        switch value {
        case let text as String: self = .string(text)
        case let number as NSNumber:
            if StateManifest.isBool(number) {
                self = .bool(number.boolValue)
            } else if ["d", "f"].contains(String(cString: number.objCType)) {
                self = .double(number.doubleValue)
            } else {
                self = .int(number.intValue)
            }
        case let array as [Any]: self = .array(array.map { JSONValue(any: $0) })
        case let object as [String: Any]:
            self = .object(object.keys.sorted().map { ($0, JSONValue(any: object[$0] as Any)) })
        default: self = .null
        }
    }
}
