import Foundation
import LightboxGeometry

/// Typed reads of a layout file's values through `Decoder` containers, each failure a
/// `BoardFieldError` naming the key, such as `photos[2].id: expected a string`.
package enum BoardFields {
    /// Any key of a JSON object.
    package struct Key: CodingKey {
        package let stringValue: String
        package var intValue: Int? { nil }

        /// The key `name`.
        package init(_ name: String) { stringValue = name }
        /// The key `stringValue`.
        package init?(stringValue: String) { self.stringValue = stringValue }
        /// Keys are never integers.
        package init?(intValue: Int) { nil }
    }

    /// A JSON object's members.
    package typealias Object = KeyedDecodingContainer<Key>

    /// The object `decoder` holds.
    package static func object(_ decoder: any Decoder, _ field: String) throws(BoardFieldError) -> Object {
        do { return try decoder.container(keyedBy: Key.self) } catch {
            throw BoardFieldError(field, "expected an object")
        }
    }

    /// The object at `key`.
    package static func object(_ object: Object, _ key: String, _ field: String) throws(BoardFieldError) -> Object {
        do { return try object.nestedContainer(keyedBy: Key.self, forKey: Key(key)) } catch {
            throw BoardFieldError(field, "expected an object")
        }
    }

    /// The object that is the next element of `array`.
    package static func object(
        _ array: inout any UnkeyedDecodingContainer, _ field: String
    ) throws(BoardFieldError) -> Object {
        do { return try array.nestedContainer(keyedBy: Key.self) } catch {
            throw BoardFieldError(field, "expected an object")
        }
    }

    /// The array at `key`.
    package static func array(
        _ object: Object, _ key: String, _ field: String
    ) throws(BoardFieldError) -> any UnkeyedDecodingContainer {
        do { return try object.nestedUnkeyedContainer(forKey: Key(key)) } catch {
            throw BoardFieldError(field, "expected an array")
        }
    }

    /// Refuses a key of `object` (named `field`) that is not one of `known`, naming the nearest known one.
    package static func onlyKeys(_ object: Object, _ known: [String], _ field: String) throws(BoardFieldError) {
        guard let unknown = object.allKeys.map(\.stringValue).sorted().first(where: { !known.contains($0) }) else {
            return
        }
        throw BoardFieldError(field, ManifestReader.unknownName("key", unknown, among: known))
    }

    /// Whether `key` is missing or null.
    package static func isAbsent(_ object: Object, _ key: String) -> Bool {
        !object.contains(Key(key)) || ((try? object.decodeNil(forKey: Key(key))) ?? false)
    }

    /// The string at `key`.
    package static func string(_ object: Object, _ key: String, _ field: String) throws(BoardFieldError) -> String {
        do { return try object.decode(String.self, forKey: Key(key)) } catch {
            throw BoardFieldError(field, "expected a string")
        }
    }

    /// The string that is the next element of `array`.
    package static func string(
        _ array: inout any UnkeyedDecodingContainer, _ field: String
    ) throws(BoardFieldError) -> String {
        do { return try array.decode(String.self) } catch { throw BoardFieldError(field, "expected a string") }
    }

    /// The boolean at `key`: `true` or `false`, or a text of the one flag rule (`JSONScalar.flag`).
    package static func bool(_ object: Object, _ key: String, _ field: String) throws(BoardFieldError) -> Bool {
        if let flag = try? object.decode(Bool.self, forKey: Key(key)) { return flag }
        guard let text = try? object.decode(String.self, forKey: Key(key)) else {
            throw BoardFieldError(field, JSONScalar.flagProblem(0))
        }
        guard let flag = JSONScalar.flag(text) else { throw BoardFieldError(field, JSONScalar.flagProblem(text)) }
        return flag
    }

    /// The finite number at `key`.
    package static func number(_ object: Object, _ key: String, _ field: String) throws(BoardFieldError) -> Double {
        do { return try finite(object.decode(Double.self, forKey: Key(key))) } catch {
            throw BoardFieldError(field, "expected a number")
        }
    }

    /// `value` when it is finite.
    private static func finite(_ value: Double) throws -> Double {
        guard value.isFinite else { throw BoardFieldError("", "expected a number") }
        return value
    }

    /// A size at `key` as `CGSize` encodes it, `[width, height]`, or `{"width": .., "height": ..}`;
    /// with `positive`, each side is more than 0 and at most 100000.
    package static func size(
        _ object: Object, _ key: String, _ field: String, positive: Bool
    ) throws(BoardFieldError) -> CGSize {
        let width: Double
        let height: Double
        if var pair = try? object.nestedUnkeyedContainer(forKey: Key(key)) {
            guard pair.count == 2 else { throw BoardFieldError(field, "expected [width, height]") }
            width = try element(&pair, "\(field).width")
            height = try element(&pair, "\(field).height")
        } else if let members = try? object.nestedContainer(keyedBy: Key.self, forKey: Key(key)) {
            try onlyKeys(members, ["width", "height"], field)
            guard members.contains(Key("width")), members.contains(Key("height")) else {
                throw BoardFieldError(field, "expected {\"width\": .., \"height\": ..}")
            }
            width = try number(members, "width", "\(field).width")
            height = try number(members, "height", "\(field).height")
        } else {
            throw BoardFieldError(field, "expected {\"width\": .., \"height\": ..} or [width, height]")
        }
        if positive {
            for (name, side) in [("width", width), ("height", height)] where side <= 0 || side > 100_000 {
                throw BoardFieldError(
                    "\(field).\(name)", "\(NumberText.short(side)) points: expected more than 0, at most 100000")
            }
        }
        return CGSize(width: width, height: height)
    }

    /// The finite number that is the next element of `array`.
    private static func element(
        _ array: inout any UnkeyedDecodingContainer, _ field: String
    ) throws(BoardFieldError) -> Double {
        do { return try finite(array.decode(Double.self)) } catch { throw BoardFieldError(field, "expected a number") }
    }
}
