import Foundation
import LightboxFormats
import Testing

/// The one JSON Lines reader and the one boolean rule, as every JSON Lines file is read.
@Suite struct JSONLinesTests {
    /// (file bytes, the numbered lines kept).
    static let files: [(String, [Int], [String])] = [
        ("{\"a\":1}\n{\"b\":2}\n", [1, 2], [#"{"a":1}"#, #"{"b":2}"#]),
        ("{\"a\":1}\r\n\r\n{\"b\":2}\r\n", [1, 3], [#"{"a":1}"#, #"{"b":2}"#]),
        ("\u{FEFF}{\"a\":1}\n  \n\t{\"b\":2}", [1, 3], [#"{"a":1}"#, #"{"b":2}"#]),
        ("\n\n", [], []),
    ]

    /// Lines end at LF (CRLF too), a BOM and blank lines are skipped, and numbers count every line.
    @Test(arguments: files)
    func linesAreNumberedAndTrimmed(text: String, numbers: [Int], texts: [String]) {
        let lines = JSONLines.lines(Data(text.utf8))
        #expect(lines.map(\.number) == numbers)
        #expect(lines.map(\.text) == texts)
    }

    /// A line is one JSON object, or its problem with the file and line.
    @Test(arguments: [
        ("[1,2]", "m.jsonl:4: not a JSON object"),
        ("{\"a\":", "m.jsonl:4: not a JSON object"),
        ("{\"a\":\"b\\u0000\"}", "m.jsonl:4: a value holds the character U+0000 (\\u0000)"),
        (#"{"crops":[{},{"rect":1,"rect":2}]}"#, "m.jsonl:4: crops[1]: the key 'rect' is given twice"),
        (#"{"quality":1e400}"#, "m.jsonl:4: quality: 1e400 is out of range"),
        (#"{"caption":"\ud800"}"#, #"m.jsonl:4: caption: invalid \u escape"#),
        (#"{"a":"# + String(repeating: "[", count: 600), "m.jsonl:4: nested deeper than 512"),
    ])
    func badLinesAreNamed(line: String, message: String) {
        guard case .failure(let problem) = JSONLines.object(line, number: 4, path: "m.jsonl") else {
            Issue.record("\(line) was read")
            return
        }
        #expect(problem.description == message)
    }

    /// (a line's bytes, its problem or nil when it is read): a line is judged by its bytes, so
    /// valid UTF-8 is read whatever it holds (U+FFFD, the replacement character, included).
    @Test(
        arguments: [
            (Array(#"{"a":"\#u{FFFD}é"}"#.utf8), nil),
            (Array(#"{"a":"x"}"#.utf8) + [0xFF], "m.jsonl:4: invalid UTF-8"),
            ([0x7B, 0xC3, 0x7D], "m.jsonl:4: invalid UTF-8"),
            (Array(#"{"a":1}"#.utf8) + [0, 0x41], "m.jsonl:4: a NUL byte at byte 8"),
            (Array(#"{"a":1,"a":2}"#.utf8), "m.jsonl:4: the key 'a' is given twice"),
        ] as [([UInt8], String?)])
    func linesAreJudgedByTheirBytes(bytes: [UInt8], message: String?) {
        switch JSONLines.object(JSONLines.Line(number: 4, bytes: bytes), path: "m.jsonl") {
        case .success: #expect(message == nil)
        case .failure(let problem): #expect(problem.description == message)
        }
    }

    /// A view state manifest with CRLF line ends and a BOM reads like any other JSON Lines file.
    @Test func stateManifestsTakeCRLFAndABOM() throws {
        let data = Data(
            "\u{FEFF}{\"input\":\"a.jpg\",\"zoom\":2}\r\n\r\n{\"input\":\"b.jpg\",\"reduceMotion\":true}\r\n".utf8)
        let lines = JSONLines.lines(data)
        #expect(lines.map(\.number) == [1, 3])
        let objects = lines.map { try? JSONLines.object($0.text, number: $0.number, path: "s.jsonl").get() }
        #expect(objects[0].map { FieldText.text($0["zoom"] as Any) } == "2")
        #expect(objects[1].map { JSONScalar.bool($0["reduceMotion"]) } == true)
    }

    /// (JSON value, as a boolean, as a number): only `true` and `false` are booleans, and they are never numbers.
    @Test(
        arguments: [
            ("true", true, nil), ("false", false, nil), ("1", nil, 1), ("0", nil, 0), ("2.5", nil, 2.5),
            (#""true""#, nil, nil), ("null", nil, nil), ("[1]", nil, nil),
            ("0.30000000000000004", nil, 0.30000000000000004),
        ] as [(String, Bool?, Double?)])
    func oneBooleanRule(json: String, bool: Bool?, number: Double?) throws {
        let value = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
        #expect(JSONScalar.bool(value) == bool)
        #expect(JSONScalar.number(value) == number)
    }

    /// A rect of booleans is refused, as a layout's or a state's number would be.
    @Test func rectsRefuseBooleans() throws {
        let value = try JSONSerialization.jsonObject(with: Data("[true,false,true,true]".utf8))
        #expect(throws: RectParseError("expected [[x,y],[width,height]] or [x,y,width,height]")) {
            try RectValue.parse(value).get()
        }
    }
}
