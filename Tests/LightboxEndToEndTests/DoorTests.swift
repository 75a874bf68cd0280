import Foundation
import Testing

/// One typed job through every door: the same crop asked for by flags, a CSV line, a JSON Lines
/// line and a `lightbox batch` line gives the same bytes and the same record; the same bad field
/// gives the same reason everywhere.
@Suite(.processes) struct DoorTests {
    /// A crop as each door writes it: its rect, units and output name.
    struct Crop: Sendable, CustomStringConvertible {
        let rect: String
        let units: String
        let output: String
        var description: String { "\(rect) \(units) \(output)" }
    }

    static let crops = [
        Crop(rect: "0.1,0.2,0.5,0.6", units: "fraction", output: "c.webp[Q=90]"),
        Crop(rect: "64,48,320,240", units: "px", output: "c.png"),
        Crop(rect: "0.75,0.5,0.5,1", units: "fraction", output: "c.jpg[Q=60,interlace]"),
        Crop(rect: "600,400,100,100", units: "px", output: "c.tif"),
    ]

    /// The output's path without its bracketed save options.
    static func file(_ name: String) -> String {
        name.split(separator: "[").first.map(String.init) ?? name
    }

    /// The record fields every door must agree on.
    static func shared(_ record: [String: Any]) -> String {
        let keys = ["image", "rect", "pixels", "clipped", "status", "decoder", "bytes"]
        let kept = record.filter { keys.contains($0.key) }
        return String(
            decoding: try! JSONSerialization.data(withJSONObject: kept, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test(arguments: crops)
    func everyDoorGivesTheSameBytesAndRecord(crop: Crop) throws {
        let scratch = try Scratch()
        _ = try scratch.copy(URL(fileURLWithPath: ViewHelpers.pattern), as: "in.png")
        var records: [String: [String: Any]] = [:]
        let flags = try CommandRunner.run(
            ["crop", "in.png", "--rect", crop.rect, "--units", crop.units, "-o", "flags/" + crop.output, "--json"],
            in: scratch.url)
        #expect(flags.status == 0, "\(flags.stderr)")
        records["flags"] = try JSONSerialization.jsonObject(with: Data(flags.stdout.utf8)) as? [String: Any]
        let parts = crop.rect.split(separator: ",").joined(separator: ",")
        try scratch.write(
            "input,x,y,width,height,units,output\nin.png,\(parts),\(crop.units),\"\(crop.output)\"\n", to: "m.csv")
        try scratch.write(
            #"{"input":"in.png","rect":"\#(crop.rect)","units":"\#(crop.units)","output":"\#(crop.output)"}"# + "\n",
            to: "m.jsonl")
        for manifest in ["csv", "jsonl"] {
            let result = try CommandRunner.run(
                ["crop", "--manifest", "m.\(manifest)", "--out-dir", manifest, "--json", "-q"], in: scratch.url)
            #expect(result.status == 0, "\(result.stderr)")
            records[manifest] = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        }
        let client = try BatchClient(["--jobs", "1"], in: scratch)
        try client.send([
            "id": 1, "command": "crop", "input": "in.png", "rect": crop.rect, "units": crop.units,
            "output": "batch/" + crop.output,
        ])
        records["batch"] = try client.answer()
        #expect(try client.finish().status == 0)
        let expected = try #require(
            FileManager.default.contents(atPath: scratch.path("flags/" + Self.file(crop.output))))
        for door in ["csv", "jsonl", "batch"] {
            let bytes = FileManager.default.contents(atPath: scratch.path(door + "/" + Self.file(crop.output)))
            #expect(bytes == expected, "\(door) wrote other bytes")
            #expect(Self.shared(try #require(records[door])) == Self.shared(try #require(records["flags"])), "\(door)")
        }
    }

    /// (the field as CSV, JSON Lines and batch write it, the flags, the reason every door gives).
    static let badFields: [(csv: String, json: String, flags: [String], reason: String)] = [
        (
            "0,0,nan,1,fraction,c.png", #""rect":"0,0,nan,1","output":"c.png""#,
            ["--rect", "0,0,nan,1", "-o", "c.png"],
            "width is not a finite number"
        ),
        (
            "0,0,320,240,fraction,c.png", #""rect":"0,0,320,240","output":"c.png""#,
            ["--rect", "0,0,320,240", "-o", "c.png"], "looks like pixels; rects are 0 to 1, or use --units px"
        ),
        (
            "0,0,1,1,inch,c.png", #""rect":"0,0,1,1","units":"inch","output":"c.png""#,
            ["--rect", "0,0,1,1", "--units", "inch", "-o", "c.png"], "use one of fraction, px"
        ),
        (
            "0,0,1,1,fraction,c.webp[Qz=1]", #""rect":"0,0,1,1","output":"c.webp[Qz=1]""#,
            ["--rect", "0,0,1,1", "-o", "c.webp[Qz=1]"], "unknown save option 'Qz' for .webp files"
        ),
        (
            "0,0,1,1,fraction,c.jpg[Q=500]", #""rect":"0,0,1,1","output":"c.jpg[Q=500]""#,
            ["--rect", "0,0,1,1", "-o", "c.jpg[Q=500]"], "save option Q=500 is out of range (1 to 100)"
        ),
        (
            "0,0,1,1,fraction,noext", #""rect":"0,0,1,1","output":"noext""#, ["--rect", "0,0,1,1", "-o", "noext"],
            "the name has no extension"
        ),
        (
            "1.5,0,0.5,1,fraction,c.png", #""rect":"1.5,0,0.5,1","output":"c.png""#,
            ["--rect", "1.5,0,0.5,1", "-o", "c.png"], "the rect lies outside the image"
        ),
    ]

    @Test(arguments: 0..<badFields.count)
    func aBadFieldGivesTheSameReasonThroughEveryDoor(index: Int) throws {
        let bad = Self.badFields[index]
        let scratch = try Scratch()
        _ = try scratch.copy(URL(fileURLWithPath: ViewHelpers.pattern), as: "in.png")
        try scratch.write("input,x,y,width,height,units,output\nin.png,\(bad.csv)\n", to: "m.csv")
        try scratch.write(#"{"input":"in.png",\#(bad.json)}"# + "\n", to: "m.jsonl")
        let flags = try CommandRunner.run(["crop", "in.png"] + bad.flags, in: scratch.url)
        #expect(flags.status == 64 && flags.stderr.contains(bad.reason), "flags: \(flags.stderr)")
        for (manifest, line) in [("m.csv", 2), ("m.jsonl", 1)] {
            let result = try CommandRunner.run(["crop", "--manifest", manifest, "--out-dir", "out"], in: scratch.url)
            #expect(result.status == 1 && result.stderr.contains("error: \(manifest):\(line): "), "\(result.stderr)")
            #expect(result.stderr.contains(bad.reason), "\(manifest): \(result.stderr)")
        }
        let client = try BatchClient([], in: scratch)
        try client.send(line: #"{"id":1,"command":"crop","input":"in.png",\#(bad.json)}"#)
        let error = try client.answer()["error"] as? String ?? ""
        #expect(error.hasPrefix("stdin:1: ") && error.contains(bad.reason), "batch: \(error)")
        _ = try client.finish()
        #expect(scratch.files(under: "out").isEmpty)
    }

    @Test func anUnknownKeyOrColumnIsRefusedWithTheNearestOne() throws {
        let scratch = try Scratch()
        _ = try scratch.copy(URL(fileURLWithPath: ViewHelpers.pattern), as: "in.png")
        try scratch.write("input,x,y,widht,height\nin.png,0,0,1,1\n", to: "m.csv")
        let csv = try CommandRunner.run(["crop", "--manifest", "m.csv", "--out-dir", "out"], in: scratch.url)
        #expect(csv.status == 65)
        #expect(csv.stderr == "error: m.csv:1: unknown column 'widht'; did you mean 'width'?\n")
        try scratch.write(#"{"input":"in.png","rect":"0,0,1,1","ouput":"a.png"}"# + "\n", to: "m.jsonl")
        let jsonl = try CommandRunner.run(["crop", "--manifest", "m.jsonl", "--out-dir", "out"], in: scratch.url)
        #expect(jsonl.stderr.contains("error: m.jsonl:1: unknown key 'ouput'; did you mean 'output'?"))
        try scratch.write(#"{"input":"in.png","screen":[40,30],"qualty":95}"# + "\n", to: "v.jsonl")
        let view = try CommandRunner.run(["view", "--manifest", "v.jsonl", "--out-dir", "out"], in: scratch.url)
        #expect(
            view.stderr.contains("error: v.jsonl:1: unknown key 'qualty'; did you mean 'quality'?"), "\(view.stderr)")
        let client = try BatchClient([], in: scratch)
        try client.send(
            line: #"{"id":1,"command":"crop","input":"in.png","rect":"0,0,1,1","output":"a.png","qualty":95}"#)
        #expect(try client.answer()["error"] as? String == "stdin:1: unknown key 'qualty'; did you mean 'quality'?")
        try client.send(
            line: #"{"id":2,"command":"view","input":"in.png","screen":[40,30],"output":"v.png","maxZom":2}"#)
        #expect(try client.answer()["error"] as? String == "stdin:2: unknown key 'maxZom'; did you mean 'maxZoom'?")
        _ = try client.finish()
    }

    @Test func aViewGivesTheSameBytesThroughEveryDoor() throws {
        let scratch = try Scratch()
        _ = try scratch.copy(URL(fileURLWithPath: ViewHelpers.pattern), as: "in.png")
        let flags = try CommandRunner.run(
            [
                "view", "in.png", "--screen", "80x60", "--scale", "2", "--zoom", "2", "--offset", "10,0", "-o",
                "f.webp[Q=80]",
            ],
            in: scratch.url)
        #expect(flags.status == 0, "\(flags.stderr)")
        try scratch.write(
            #"{"input":"in.png","screen":[80,60],"scale":2,"zoom":2,"offset":{"width":10,"height":0},"output":"m.webp[Q=80]"}"#
                + "\n", to: "v.jsonl")
        let manifest = try CommandRunner.run(["view", "--manifest", "v.jsonl", "--out-dir", "out"], in: scratch.url)
        #expect(manifest.status == 0, "\(manifest.stderr)")
        let client = try BatchClient([], in: scratch)
        try client.send(
            line:
                #"{"id":1,"command":"view","input":"in.png","screen":"80x60","scale":2,"zoom":2,"offset":"10,0","output":"b.webp[Q=80]"}"#
        )
        #expect(try client.answer()["status"] as? String == "done")
        _ = try client.finish()
        let expected = FileManager.default.contents(atPath: scratch.path("f.webp"))
        #expect(expected != nil)
        #expect(FileManager.default.contents(atPath: scratch.path("out/m.webp")) == expected)
        #expect(FileManager.default.contents(atPath: scratch.path("b.webp")) == expected)
    }
}

/// A batch crop job of several rects: one refused before any work fails alone, in its place.
@Suite(.processes) struct BatchCropsTests {
    @Test func aRefusedCropFailsAloneInItsPlace() throws {
        let scratch = try Scratch()
        _ = try scratch.copy(URL(fileURLWithPath: ViewHelpers.pattern), as: "in.png")
        let client = try BatchClient([], in: scratch)
        try client.send(
            line:
                #"{"id":1,"command":"crop","input":"in.png","crops":[{"rect":"0,0,.5,.5","output":"a.png"},{"rect":"2,2,.5,.5","output":"b.png"},{"rect":"0.5,0.5,.5,.5","output":"a.png"},{"rect":"0.5,0,.5,.5","output":"c.png"}]}"#
        )
        let answer = try client.answer()
        _ = try client.finish()
        let crops = try #require(answer["crops"] as? [[String: Any]])
        #expect(crops.map { $0["status"] as? String } == ["done", "failed", "failed", "done"])
        #expect((crops[1]["error"] as? String)?.hasPrefix("stdin:1: crops[1].rect: the rect lies outside") == true)
        #expect((crops[2]["error"] as? String)?.contains("already the output of an earlier crop") == true)
        #expect(answer["status"] as? String == "failed" && answer["input"] as? String == "in.png")
        #expect(scratch.files(under: "").filter { $0.hasSuffix(".png") && $0 != "in.png" } == ["a.png", "c.png"])
    }
}
