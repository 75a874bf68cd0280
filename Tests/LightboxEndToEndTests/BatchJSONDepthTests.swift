import Foundation
import Testing

/// A `lightbox batch` line's JSON read the same at every depth, each problem one answer line that
/// names the line and the field: a key given twice in a nested object, nesting deeper than 512, a
/// number no double holds, a `\u` escape that is no character, an id cut short (echoed as null),
/// a key the job's own command does not take, and a timeout given as a string.
@Suite(.processes) struct BatchJSONDepthTests {
    /// A crop job's fields up to its output.
    static let crop = #""command":"crop","input":"a.jpg","rect":"0,0,1,1""#

    /// (the line sent, the answer line, `FILE` standing for the jobs file).
    @Test(arguments: [
        (
            #"{"id":1,"command":"crop","input":"a.jpg","rect":{"x":0,"y":0,"x":0.5,"width":1,"height":1},"output":"c.jpg"}"#,
            #"{"id":1,"status":"failed","error":"FILE:1: rect: the key 'x' is given twice"}"#
        ),
        (
            #"{"id":2,\#(crop),"crops":[{"output":"a.jpg"},{"rect":"0,0,1,1","output":"b.jpg","rect":"0,0,.5,.5"}]}"#,
            #"{"id":2,"status":"failed","error":"FILE:1: crops[1]: the key 'rect' is given twice"}"#
        ),
        (
            #"{"id":3,"command":"board","board":[99,99],"photos":[{"id":"a","path":"a.jpg","id":"b"}],"output":"b.png"}"#,
            #"{"id":3,"status":"failed","error":"FILE:1: photos[0]: the key 'id' is given twice"}"#
        ),
        (
            #"{"id":4,\#(crop),"output":"c.jpg","command":"view"}"#,
            #"{"id":4,"status":"failed","error":"FILE:1: the key 'command' is given twice"}"#
        ),
        (
            #"{"id":5,\#(crop),"output":"c.jpg","x":"# + String(repeating: "[", count: 600) + "]}",
            #"{"id":5,"status":"failed","error":"FILE:1: nested deeper than 512"}"#
        ),
        (
            #"{"id":1e400,\#(crop),"output":"c.jpg","quality":1e400}"#,
            #"{"id":1e400,"status":"failed","error":"FILE:1: quality: 1e400 is out of range"}"#
        ),
        (
            #"{"id":7,\#(crop),"output":"c\ud800.jpg"}"#,
            #"{"id":7,"status":"failed","error":"FILE:1: output: invalid \\u escape"}"#
        ),
        (
            #"{"id":"unterminated,\#(crop),"output":"c.jpg"}"#,
            #"{"id":null,"status":"failed","error":"FILE:1: not a JSON object"}"#
        ),
        (
            #"{"id":9,"command":"view","input":"a.jpg","screen":[9,9],"timeou":3,"output":"v.png"}"#,
            #"{"id":9,"status":"failed","error":"FILE:1: unknown key 'timeou'; did you mean 'timeout'?"}"#
        ),
        (
            #"{"id":10,"command":"board","board":[99,99],"photos":[],"qualty":90,"output":"b.png"}"#,
            #"{"id":10,"status":"failed","error":"FILE:1: unknown key 'qualty'; did you mean 'quality'?"}"#
        ),
        (
            #"{"id":11,"command":"crop","input":"a.jpg","crop":[{"rect":"0,0,1,1","output":"c.jpg"}]}"#,
            #"{"id":11,"status":"failed","error":"FILE:1: unknown key 'crop'; did you mean 'crops'?"}"#
        ),
        (
            #"{"id":12,\#(crop),"output":"c.jpg","timeout":"3.5"}"#,
            #"{"id":12,"status":"failed","error":"FILE:1: timeout: wants a number, not the string \"3.5\""}"#
        ),
    ])
    func eachProblemIsOneLineNamingItsField(line: String, answer: String) throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg"])
        let (answers, status) = try BatchLineTests.answers([BatchLineTests.line(line)], in: scratch)
        #expect(status == 1)
        #expect(answers == [answer.replacingOccurrences(of: "FILE", with: scratch.path("jobs.jsonl"))])
        #expect(scratch.files(under: ".").filter { $0 != "a.jpg" && $0 != "jobs.jsonl" }.isEmpty)
    }
}
