import Foundation
import LightboxFormats
import Testing

/// Tables for the small value readers and writers of the file formats: rects, JSON text, view state values.
@Suite struct FormatValueTests {
    @Test(arguments: [
        ("0.1,0.2,0.3,0.4", [0.1, 0.2, 0.3, 0.4]),
        (" 0 , 0 , 1 , 1 ", [0, 0, 1, 1]),
        ("-0.25,1e-3,0.5,-0.5", [-0.25, 0.001, 0.5, -0.5]),
        ("nan,0,1,1", [.nan, 0, 1, 1]),
    ])
    func rects(text: String, expected: [Double]) throws {
        let rect = try RectParser.parse(text).get()
        let values = [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height].map(Double.init)
        #expect(zip(values, expected).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) })
    }

    @Test(arguments: [
        ("1,2,3", "expected 4 numbers x,y,width,height, got 3"),
        ("1,2,3,4,5", "expected 4 numbers x,y,width,height, got 5"),
        ("", "expected 4 numbers x,y,width,height, got 1"),
        ("a,0,1,1", "x 'a' is not a number"),
        ("0,0,1,", "height '' is not a number"),
    ])
    func badRects(text: String, message: String) {
        #expect(throws: RectParseError(message)) { try RectParser.parse(text).get() }
    }

    @Test(arguments: [
        (JSONValue.double(0.1), "0.1"), (.double(2), "2"), (.double(-0.0), "0"), (.double(.nan), "null"),
        (.double(1e300), "1e+300"), (.string("a\"b\\c\n\u{1}"), #""a\"b\\c\n\u0001""#),
        (.object([("z", .int(1)), ("a", .array([.bool(true), .null]))]), #"{"z":1,"a":[true,null]}"#),
    ])
    func jsonText(value: JSONValue, text: String) {
        #expect(value.text == text)
    }

    @Test(arguments: [("maxZoom", "max-zoom"), ("doubleTap", "double-tap"), ("out-dir", "out-dir"), ("zoom", "zoom")])
    func manifestKeysBecomeOptions(key: String, option: String) {
        #expect(FieldText.kebab(key) == option)
    }

    @Test func manifestValuesBecomeOptionText() throws {
        let object =
            try JSONSerialization.jsonObject(
                with: Data(#"{"n":2.5,"s":"a","p":[1,-2],"z":{"width":3,"height":4},"t":true,"x":[1,2,3]}"#.utf8)
            ) as? [String: Any] ?? [:]
        #expect(FieldText.text(object["n"] as Any) == "2.5")
        #expect(FieldText.text(object["s"] as Any) == "a")
        #expect(FieldText.text(object["p"] as Any) == "1,-2")
        #expect(FieldText.text(object["z"] as Any, separator: "x") == "3x4")
        #expect(JSONScalar.bool(object["t"]) == true)
        #expect(JSONScalar.bool(object["n"]) == nil)
        #expect(FieldText.text(object["x"] as Any) == nil)
        #expect(FieldText.text(object["t"] as Any) == nil)
        #expect(FieldText.camel("max-zoom") == "maxZoom")
    }
}
