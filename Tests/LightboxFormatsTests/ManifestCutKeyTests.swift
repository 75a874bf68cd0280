import Foundation
import LightboxFormats
import Testing

/// The keys and columns of a crop's cut (`angle`, `oriented`, `mask`, `lossless`): read alike
/// from CSV and JSON Lines, left as written for the planner to check, bad forms a line's problem.
@Suite struct ManifestCutKeyTests {
    /// A line's outcome: its cut fields as `angle oriented mask lossless` (`-` for none), or its problem.
    static func described(_ line: ManifestReader.Line) -> String {
        switch line {
        case .success(let entry):
            let flag = { (value: Bool?) in value.map { String($0) } ?? "-" }
            return "\(entry.angle ?? "-") \(entry.oriented ?? "-") \(flag(entry.mask)) \(flag(entry.lossless))"
        case .failure(let problem): return problem.description
        }
    }

    /// (manifest name, text, each line's description).
    static let manifests: [(String, String, [String])] = [
        (
            "m.csv", "input,x,y,width,height,angle,oriented,mask,lossless\na.jpg,0,0,1,1,30,upright,true,no\n",
            ["30 upright true false"]
        ),
        ("m.csv", "input,x,y,width,height,angle,mask\na.jpg,0,0,1,1,,\n", ["- - - -"]),
        ("m.csv", "Input,X,Y,Width,Height,Lossless\na.jpg,0,0,1,1,YES\n", ["- - - true"]),
        (
            "m.csv", "input,x,y,width,height,mask\na.jpg,0,0,1,1,maybe\n",
            ["m.csv:2: mask: 'maybe': expected true or false"]
        ),
        ("m.csv", "input,x,y,width,height,angle\na.jpg,0,0,1,1,x\n", ["x - - -"]),
        (
            "m.jsonl",
            #"{"input":"a.jpg","rect":"0,0,1,1","angle":-12.5,"oriented":"bounds","mask":false,"lossless":true}"#,
            ["-12.5 bounds false true"]
        ),
        ("m.jsonl", #"{"input":"a.jpg","rect":"0,0,1,1","angle":"30"}"#, ["30 - - -"]),
        ("m.jsonl", #"{"input":"a.jpg","rect":"0,0,1,1","angle":"x"}"#, ["x - - -"]),
        ("m.jsonl", #"{"input":"a.jpg","rect":"0,0,1,1","angle":true}"#, ["m.jsonl:1: angle: expected a number"]),
        ("m.jsonl", #"{"input":"a.jpg","rect":"0,0,1,1","angle":null}"#, ["m.jsonl:1: angle: expected a number"]),
        ("m.jsonl", #"{"input":"a.jpg","rect":"0,0,1,1","mask":1}"#, ["m.jsonl:1: mask: expected true or false"]),
        // One flag rule for every door: a JSON string is read as a CSV cell is.
        ("m.jsonl", #"{"input":"a.jpg","rect":"0,0,1,1","lossless":"YES"}"#, ["- - - true"]),
        (
            "m.jsonl", #"{"input":"a.jpg","rect":"0,0,1,1","lossless":"maybe"}"#,
            ["m.jsonl:1: lossless: 'maybe': expected true or false"]
        ),
        ("m.jsonl", #"{"input":"a.jpg","rect":"0,0,1,1","oriented":2}"#, ["m.jsonl:1: oriented: not a string"]),
        ("m.jsonl", #"{"input":"a.jpg","rect":"0,0,1,1","oriented":"sideways"}"#, ["- sideways - -"]),
        (
            "m.jsonl", #"{"input":"a.jpg","rect":"0,0,1,1","angel":30}"#,
            ["m.jsonl:1: unknown key 'angel'; did you mean 'angle'?"]
        ),
    ]

    @Test(arguments: manifests)
    func cutFields(name: String, text: String, expected: [String]) throws {
        let lines = try ManifestReader.parse(Data(text.utf8), path: name)
        #expect(lines.map(Self.described) == expected)
    }

    @Test func anUnknownCutColumnIsRefusedWithTheNearestOne() {
        #expect(throws: BatchProblem("m.csv", line: 1, "unknown column 'orientd'; did you mean 'oriented'?")) {
            try ManifestReader.parse(
                Data("input,x,y,width,height,orientd\na.jpg,0,0,1,1,upright\n".utf8), path: "m.csv")
        }
    }
}
