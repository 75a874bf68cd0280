import Foundation
import Testing

@testable import LightboxFormats

/// Every rect form any door reads is read by every door that reads crop lines: a CSV
/// manifest's columns, a JSON Lines manifest's keys and (through the same reader) a
/// `lightbox batch` crop, from the one declaration in `RectFields`.
@Suite struct RectFieldsTests {
    /// (CSV columns and cells, JSON keys and values): the same rect, 0.1,0.2,0.5,0.6, in each form.
    static let forms: [(csv: (header: String, cells: String), json: String)] = [
        (("rect", #""0.1,0.2,0.5,0.6""#), #""rect":"0.1,0.2,0.5,0.6""#),
        (("x,y,width,height", "0.1,0.2,0.5,0.6"), #""x":0.1,"y":0.2,"width":0.5,"height":0.6"#),
        (("rect", #""[0.1,0.2,0.5,0.6]""#), #""rect":[0.1,0.2,0.5,0.6]"#),
        (("rect", #""[[0.1,0.2],[0.5,0.6]]""#), #""rect":[[0.1,0.2],[0.5,0.6]]"#),
        (
            ("rect", #""{""x"":0.1,""y"":0.2,""width"":0.5,""height"":0.6}""#),
            #""rect":{"x":0.1,"y":0.2,"width":0.5,"height":0.6}"#
        ),
    ]

    @Test(arguments: forms)
    func everyFormInEveryDoor(form: (csv: (header: String, cells: String), json: String)) throws {
        let csv = try ManifestReader.parse(
            Data("input,\(form.csv.header),output\na.jpg,\(form.csv.cells),o.jpg\n".utf8), path: "m.csv")
        let jsonl = try ManifestReader.parse(
            Data(#"{"input":"a.jpg",\#(form.json),"output":"o.jpg"}"#.utf8), path: "m.jsonl")
        let rect = CGRect(x: 0.1, y: 0.2, width: 0.5, height: 0.6)
        #expect(try csv.first?.get().rect == rect)
        #expect(try jsonl.first?.get().rect == rect)
    }

    /// (fields given, the problem): a rect is given exactly one way.
    @Test(arguments: [
        (["rect", "x"], "the rect is given twice: 'rect' and 'x'"),
        (["x", "y"], "missing width, height (give rect, or x, y, width and height)"),
        ([], "missing (give rect, or x, y, width and height)"),
        (["rect"], nil), (["x", "y", "width", "height"], nil),
    ])
    func aRectIsGivenOneWay(given: [String], problem: String?) {
        #expect(RectFields.problem(given: Set(given)) == problem)
    }

    @Test func aCSVHeaderGivingTheRectTwiceIsAWholeFileError() {
        #expect(throws: BatchProblem("m.csv", line: 1, "the rect is given twice: 'rect' and 'x'")) {
            try ManifestReader.parse(
                Data("input,rect,x,y,width,height\na.jpg,\"0,0,1,1\",0,0,1,1\n".utf8), path: "m.csv")
        }
    }
}
