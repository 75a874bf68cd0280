import Foundation
import LightboxFormats
import Testing

/// A JSON text read the same at every depth: a key given twice in any object, nesting deeper than
/// 512, a number no double holds and a `\u` escape that is no character are each named with the
/// field they are in; any other syntax error is left to the parser.
@Suite struct JSONCheckTests {
    /// `levels` nested arrays around `1` as the value of `x`, the top object making one more level.
    static func nested(_ levels: Int) -> String {
        #"{"x":"# + String(repeating: "[", count: levels) + "1" + String(repeating: "]", count: levels) + "}"
    }

    /// (a JSON text, the field at fault, the fault; both nil for a text without one).
    static let texts: [(String, String?, String?)] = [
        (#"{"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}]}"#, nil, nil),
        (#"{"a":1,"a":2}"#, nil, "the key 'a' is given twice"),
        (#"{"rect":{"x":0,"y":0,"x":0.5}}"#, "rect", "the key 'x' is given twice"),
        (
            #"{"crops":[{"rect":"0,0,1,1"},{"rect":"0,0,1,1","rect":"0,0,.5,.5"}]}"#, "crops[1]",
            "the key 'rect' is given twice"
        ),
        (#"{"photos":[{"id":"a","path":"a.jpg","id":"b"}]}"#, "photos[0]", "the key 'id' is given twice"),
        (#"{"a":[[{"b":{"c":1,"\u0063":2}}]]}"#, "a[0][0].b", "the key 'c' is given twice"),
        (#"{"quality":1e400}"#, "quality", "1e400 is out of range"),
        (#"{"rect":[0,0,-1E400,1]}"#, "rect[2]", "-1E400 is out of range"),
        (#"{"a":1e-400,"b":123456789012345678901234567890,"c":1.7976931348623157e308,"d":-0}"#, nil, nil),
        (#"{"output":"a\ud800.jpg"}"#, "output", #"invalid \u escape"#),
        (#"{"a":{"b":"\udc00"}}"#, "a.b", #"invalid \u escape"#),
        (#"{"a":"\ud800\u0041"}"#, "a", #"invalid \u escape"#),
        (#"{"a":["\u12G4"]}"#, "a[0]", #"invalid \u escape"#),
        (#"{"a":"\ud83d\ude00 \u00e9 \/ \n"}"#, nil, nil),
        (#"{"\ud800":1}"#, nil, #"invalid \u escape in a key"#),
        (#"{"a":1,"#, nil, nil), (#"{"a":"\x"}"#, nil, nil), (#"{"a":1}x"#, nil, nil), (#"{"a":01}"#, nil, nil),
        (nested(511), nil, nil), (nested(512), nil, "nested deeper than 512"),
        (#"{"a":1,"a":"# + nested(600), nil, "the key 'a' is given twice"),
    ]

    @Test(arguments: texts)
    func faultsAreNamedWithTheirField(text: String, field: String?, message: String?) {
        let fault = JSONCheck.fault(in: Array(text.utf8))
        #expect(fault?.field == field)
        #expect(fault?.message == message)
    }

    /// Each fault (but a key given twice, which the parser reads, the last one winning) is a text
    /// the parser refuses, and each text without one and without a syntax error is one it reads:
    /// the check's limits are the parser's, so it refuses no line the parser reads.
    @Test(arguments: texts.filter { $0.2?.hasSuffix("given twice") != true })
    func theParserAgrees(text: String, field: String?, message: String?) {
        let read = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil
        let syntaxErrors = [#"{"a":1,"#, #"{"a":"\x"}"#, #"{"a":1}x"#, #"{"a":01}"#]
        #expect(read == (message == nil && !syntaxErrors.contains(text)), "\(text.prefix(80))")
    }
}
