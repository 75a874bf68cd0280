import Foundation
import LightboxFormats
import Testing

/// A top-level key's value read as the text it was written, for an id echoed exactly: numbers of
/// any size, strings with their escapes, white space between tokens dropped; nothing that is not
/// one JSON value, and nothing cut short.
@Suite struct JSONMembersTests {
    /// (a line, or its first bytes; the id's text, or nil when it cannot be read there).
    @Test(
        arguments: [
            (#"{"id":123456789012345678901234567890,"a":1}"#, "123456789012345678901234567890"),
            (#"{"a":[1,{"id":2}], "id" : 1e400 }"#, "1e400"),
            (#"{"id": [ 1 , "a b" , {"c" :null} ] }"#, #"[1,"a b",{"c":null}]"#),
            (#"{"id":"x\"y\\"}"#, #""x\"y\\""#),
            (#"{"\u0069d":true}"#, "true"),
            (#"{"id":"cut"#, nil), (#"{"id":12"#, nil), (#"{"id":tru,"x":1}"#, nil), (#"{"id":01}"#, nil),
            ("{\"id\":\u{FEFF}6}", nil), ("{\"id\":\u{0}5}", nil), (#"{"id":"a"#, nil), (#"["id",1]"#, nil),
            (#"{"a":1}"#, nil),
        ] as [(String, String?)])
    func theIdIsReadAsWritten(line: String, id: String?) {
        #expect(JSONMembers(Array(line.utf8)).text(of: "id") == id)
    }

    /// (a line; the id's text, or nil): a value is read whole only when `,` or `}` (or the bytes'
    /// end, a line cut by `--max-line`) follows it, so a string that ends too early is no id.
    @Test(
        arguments: [
            (#"{"id":"unterminated,"command":"crop","input":"a.jpg"}"#, nil),
            (#"{"id":"a" "b","x":1}"#, nil), (#"{"id":"a"  ,"x":1}"#, #""a""#), (#"{"id":"a"}"#, #""a""#),
            (#"{"id":"head""#, #""head""#),
        ] as [(String, String?)])
    func anIdCutShortIsNotRead(line: String, id: String?) {
        #expect(JSONMembers(Array(line.utf8)).text(of: "id") == id)
    }

    @Test(arguments: [("[1,2,3]", 3), (#"{"a":[{},{}],"b":"[,:]"}"#, 8), ("1", 0)])
    func valuesAreCountedOutsideStrings(text: String, count: Int) {
        #expect(JSONMembers.valueCount(Array(text.utf8), upTo: 100) == count)
    }
}
