import Foundation

/// Reads a rect from a manifest value in any of the forms an app writes.
///
/// Forms: `"x,y,w,h"`; `{"x":..,"y":..,"width":..,"height":..}`; `[[x,y],[w,h]]`, which is
/// what `JSONEncoder` writes for a `CGRect`; and `[x,y,w,h]`.
package enum RectValue {
    /// The rect in `value`, or a message saying what is wrong.
    package static func parse(_ value: Any) -> Result<CGRect, RectParseError> {
        switch value {
        case let text as String:
            return RectParser.parse(text)
        case let object as [String: Any]:
            return fromObject(object)
        case let array as [Any]:
            return fromArray(array)
        default:
            return .failure(RectParseError("expected \"x,y,w,h\", {\"x\",\"y\",\"width\",\"height\"} or [[x,y],[w,h]]"))
        }
    }

    /// The keys of a rect object.
    static let keys = ["x", "y", "width", "height"]

    private static func fromObject(_ object: [String: Any]) -> Result<CGRect, RectParseError> {
        if let unknown = object.keys.sorted().first(where: { !keys.contains($0) }) {
            return .failure(RectParseError(ManifestReader.unknownName("key", unknown, among: keys)))
        }
        var numbers: [Double] = []
        for key in keys {
            guard let number = JSONScalar.number(object[key]) else {
                return .failure(RectParseError("\(key) is missing or not a number"))
            }
            numbers.append(number)
        }
        return .success(CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
    }

    private static func fromArray(_ array: [Any]) -> Result<CGRect, RectParseError> {
        let flat: [Any]
        if array.count == 2, let origin = array[0] as? [Any], let size = array[1] as? [Any], origin.count == 2,
            size.count == 2
        {
            flat = origin + size
        } else {
            flat = array
        }
        let numbers = flat.compactMap(JSONScalar.number)
        guard flat.count == 4, numbers.count == 4 else {
            return .failure(RectParseError("expected [[x,y],[width,height]] or [x,y,width,height]"))
        }
        return .success(CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
    }
}
