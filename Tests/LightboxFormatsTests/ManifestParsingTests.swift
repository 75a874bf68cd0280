import Foundation
import LightboxFormats
import Testing

/// CSV quirks, every rect form, and each manifest error with its line and field.
@Suite struct ManifestParsingTests {
    /// (CSV text, the records expected as fields and start lines).
    static let csvCases: [(String, [[String]], [Int])] = [
        ("a,b\n1,2\n", [["a", "b"], ["1", "2"]], [1, 2]),
        ("a,b\r\n1,2\r\n", [["a", "b"], ["1", "2"]], [1, 2]),
        ("\u{FEFF}a,b\n1,2", [["a", "b"], ["1", "2"]], [1, 2]),
        ("a,b\n\n\n1,2\n\n", [["a", "b"], ["1", "2"]], [1, 4]),
        ("a\n\"x, y\"\n", [["a"], ["x, y"]], [1, 2]),
        ("a\n\"say \"\"hi\"\"\"\n", [["a"], ["say \"hi\""]], [1, 2]),
        ("a,b\n\"two\nlines\",2\n3,4\n", [["a", "b"], ["two\nlines", "2"], ["3", "4"]], [1, 2, 4]),
        ("a,b\n1,\n", [["a", "b"], ["1", ""]], [1, 2]),
    ]

    @Test(arguments: csvCases)
    func csvRecords(text: String, fields: [[String]], lines: [Int]) throws {
        let records = try CSVReader.records(text)
        #expect(records.map(\.fields) == fields)
        #expect(records.map(\.line) == lines)
    }

    @Test func unclosedQuoteNamesItsLine() {
        #expect(throws: CSVReader.Problem(line: 2, message: "a quoted field is not closed")) {
            try CSVReader.records("a\n\"open\n")
        }
    }

    /// (JSON rect value, expected x, y, width, height).
    static let rectForms: [(String, [Double])] = [
        (#""0.1,0.2,0.3,0.4""#, [0.1, 0.2, 0.3, 0.4]),
        (#"{"x":0.1,"y":0.2,"width":0.3,"height":0.4}"#, [0.1, 0.2, 0.3, 0.4]),
        ("[[0.1,0.2],[0.3,0.4]]", [0.1, 0.2, 0.3, 0.4]),
        ("[0.1,0.2,0.3,0.4]", [0.1, 0.2, 0.3, 0.4]),
        ("[[0,0],[1,1]]", [0, 0, 1, 1]),
        (#"{"x":-0.0,"y":1e-3,"width":1,"height":0.5}"#, [0, 0.001, 1, 0.5]),
    ]

    @Test(arguments: rectForms)
    func everyRectForm(json: String, expected: [Double]) throws {
        let value = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
        let rect = try RectValue.parse(value).get()
        #expect([rect.minX, rect.minY, rect.width, rect.height].map(Double.init) == expected)
    }

    /// (JSON rect value, the message expected).
    static let badRects: [(String, String)] = [
        (#"{"x":0.1,"y":0.2,"width":0.3}"#, "height is missing or not a number"),
        (#"{"x":"a","y":0.2,"width":0.3,"height":1}"#, "x is missing or not a number"),
        (#"{"x":0,"y":0,"width":0.5,"heigth":0.5}"#, "unknown key 'heigth'; did you mean 'height'?"),
        (#"{"x":0,"y":0,"width":0.5,"height":0.5,"z":1}"#, "unknown key 'z' (known: x, y, width, height)"),
        ("[[0.1,0.2],[0.3]]", "expected [[x,y],[width,height]] or [x,y,width,height]"),
        ("42", #"expected "x,y,w,h", {"x","y","width","height"} or [[x,y],[w,h]]"#),
        (#""1,2,3""#, "expected 4 numbers x,y,width,height, got 3"),
    ]

    @Test(arguments: badRects)
    func badRectForms(json: String, message: String) throws {
        let value = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
        #expect(throws: RectParseError(message)) { try RectValue.parse(value).get() }
    }

    /// (manifest name, text, the description of each line's outcome: an input or a problem).
    static let manifests: [(String, String, [String])] = [
        ("m.csv", "input,x,y,width,height\na.jpg,0,0,1,1\n", ["dir/a.jpg 0,0,1,1 -"]),
        (
            "m.csv", "input,x,y,width,height,output\r\n\"b c.jpg\",0.5,0,0.5,1,out.png\r\n",
            ["dir/b c.jpg 0.5,0,0.5,1 out.png"]
        ),
        ("m.csv", "height,width,y,x,input\n1,1,0,0,/abs/a.jpg\n", ["/abs/a.jpg 0,0,1,1 -"]),
        ("m.csv", "input,x,y,width,height\na.jpg,abc,0,1,1\n", ["dir/m.csv:2: x: 'abc' is not a number"]),
        ("m.csv", "input,x,y,width,height\na.jpg,0,0,1\n", ["dir/m.csv:2: height: '' is not a number"]),
        ("m.csv", "input,x,y,width,height\n,0,0,1,1\n", ["dir/m.csv:2: input: missing"]),
        (
            "m.csv", "input,x,y,width,height\na.jpg,0,0,1,1\nb, c.jpg,0,0,1,1\nd.jpg,0,0,1,1,\n",
            [
                "dir/a.jpg 0,0,1,1 -",
                "dir/m.csv:3: 6 fields, but the header names 5 (an unquoted comma in a name?)",
                "dir/m.csv:4: 6 fields, but the header names 5 (an unquoted comma in a name?)",
            ]
        ),
        (
            "m.jsonl", #"{"input":"a.jpg","rect":[[0,0],[1,1]]}"# + "\n\n" + #"{"input":"b.jpg","rect":"0,0,1"}"#,
            ["dir/a.jpg 0,0,1,1 -", "dir/m.jsonl:3: rect: expected 4 numbers x,y,width,height, got 3"]
        ),
        (
            "m.jsonl", #"{"rect":"0,0,1,1"}"# + "\nnot json\n" + #"{"input":"a.jpg"}"#,
            [
                "dir/m.jsonl:1: input: missing or not a string", "dir/m.jsonl:2: not a JSON object",
                "dir/m.jsonl:3: rect: missing (give rect, or x, y, width and height)",
            ]
        ),
        (
            "m.txt", #"{"input":"a.jpg","rect":{"x":0,"y":0,"width":0.5,"height":0.5},"output":"x.webp"}"#,
            ["dir/a.jpg 0,0,0.5,0.5 x.webp"]
        ),
    ]

    @Test(arguments: manifests)
    func manifestLines(name: String, text: String, expected: [String]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)/dir")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let path = folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let root = folder.deletingLastPathComponent().path + "/"
        let described = try ManifestReader.read(path).map { line -> String in
            switch line {
            case .success(let entry):
                let rect = [entry.rect.minX, entry.rect.minY, entry.rect.width, entry.rect.height].map {
                    JSONValue.number(Double($0))
                }
                return
                    "\(entry.input.replacingOccurrences(of: root, with: "")) \(rect.joined(separator: ",")) \(entry.output ?? "-")"
            case .failure(let problem):
                return problem.description.replacingOccurrences(of: root, with: "")
            }
        }
        #expect(described == expected)
    }

    @Test func headerWithoutColumnsIsAWholeFileError() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).csv").path
        try Data("x,y,output\n0,0,a.jpg\n".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(
            throws: BatchProblem(
                path, line: 1,
                "the header lacks input, width, height (it needs input,x,y,width,height or input,rect[,output,units,square,angle,oriented,mask,lossless])"
            )
        ) {
            try ManifestReader.read(path)
        }
    }

    /// (header, the whole-file problem): a column or key Lightbox does not know is refused with the nearest known one.
    @Test(arguments: [
        ("input,x,y,widht,height", "unknown column 'widht'; did you mean 'width'?"),
        (
            "input,x,y,width,height,label",
            "unknown column 'label' (known: input, rect, x, y, width, height, output, units, square, angle, oriented, mask, lossless)"
        ),
    ])
    func unknownColumnsAreRefused(header: String, message: String) throws {
        #expect(throws: BatchProblem("m.csv", line: 1, message)) {
            try ManifestReader.parse(Data((header + "\na.jpg,0,0,1,1\n").utf8), path: "m.csv")
        }
    }

    @Test func unknownKeysAreALineProblem() throws {
        let lines = try ManifestReader.parse(
            Data(#"{"input":"a.jpg","rect":"0,0,1,1","qualty":95}"#.utf8), path: "m.jsonl")
        guard case .failure(let problem) = lines.first else {
            Issue.record("the line was read")
            return
        }
        #expect(
            problem
                == BatchProblem(
                    "m.jsonl", line: 1,
                    "unknown key 'qualty' (known: input, rect, x, y, width, height, output, units, square, angle, oriented, mask, lossless)"
                )
        )
    }

    @Test func invalidUTF8IsALineProblem() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("utf-\(UUID().uuidString).jsonl").path
        var data = Data(#"{"input":"a.jpg","rect":"0,0,1,1"}"#.utf8 + [0x0A])
        data.append(contentsOf: [0x7B, 0xFF, 0xFE, 0x7D, 0x0A])
        try data.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let lines = try ManifestReader.read(path)
        #expect(lines.count == 2)
        if case .failure(let problem) = lines[1] {
            #expect(problem == BatchProblem(path, line: 2, "invalid UTF-8"))
        } else {
            Issue.record("line 2 must fail")
        }
    }

    /// A CSV manifest is judged by its bytes too: U+FFFD written in a name is a name, a byte that is
    /// not UTF-8 or a NUL byte fails its line alone.
    @Test func aCSVManifestIsJudgedByItsBytes() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("utf-\(UUID().uuidString).csv").path
        var data = Data("input,x,y,width,height\n\u{FFFD}.jpg,0,0,1,1\n".utf8)
        data.append(contentsOf: Array("b".utf8) + [0xFF] + Array(".jpg,0,0,1,1\n".utf8))
        data.append(contentsOf: Array("c".utf8) + [0] + Array(".jpg,0,0,1,1\n".utf8))
        try data.write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let lines = try ManifestReader.read(path)
        #expect(lines.count == 3)
        #expect((try? lines[0].get())?.input.hasSuffix("\u{FFFD}.jpg") == true)
        #expect(lines[1].failure == BatchProblem(path, line: 3, "invalid UTF-8"))
        #expect(lines[2].failure == BatchProblem(path, line: 4, "a NUL byte"))
    }
}

extension Result {
    /// The error, if this is a failure.
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
