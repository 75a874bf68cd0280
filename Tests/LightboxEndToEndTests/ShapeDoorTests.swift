import Foundation
import Testing
import Vips

/// An oriented or masked crop through every door: flags (`--rect` with `--angle`), a CSV line, a
/// JSON Lines line and a `lightbox batch` job give the same bytes and the same record, and the
/// pixels are the box's; a bad cut value gives the same reason everywhere.
@Suite(.processes) struct ShapeDoorTests {
    /// A cut as each door asks for it: the box, how it is cut, and the output's name.
    struct Cut: Sendable, CustomStringConvertible {
        let degrees: Double
        let oriented: String
        let mask: Bool
        let output: String
        /// `--background`, given to every door (which flattens every format onto it), or nil.
        var background: String?
        var description: String { "\(degrees) \(oriented)\(mask ? " mask" : "") \(output)" }
        /// The flags every door's run gets.
        var runFlags: [String] { background.map { ["--background", $0] } ?? [] }
    }

    static let box = (x: 0.3, y: 0.35, width: 0.4, height: 0.25)

    static let cuts = [
        Cut(degrees: 30, oriented: "upright", mask: false, output: "c.png"),
        Cut(degrees: -20, oriented: "upright", mask: true, output: "c.png"),
        Cut(degrees: 200, oriented: "upright", mask: false, output: "c.webp[lossless]"),
        Cut(degrees: 30, oriented: "bounds", mask: true, output: "c.png"),
        Cut(degrees: 125, oriented: "bounds", mask: true, output: "c.jpg[Q=95]", background: "navy"),
    ]

    /// The record fields every door must agree on.
    static func shared(_ record: [String: Any]) -> String {
        let keys = ["image", "rect", "pixels", "outputSize", "clipped", "status", "decoder", "bytes"]
        let kept = record.filter { keys.contains($0.key) }
        return String(
            decoding: try! JSONSerialization.data(withJSONObject: kept, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test(arguments: cuts)
    func everyDoorGivesTheSameBytesAndRecord(cut: Cut) throws {
        let scratch = try Scratch()
        try ShapeFixture.write(scratch, as: "in.png")
        let box = ShapeFixture.Box(rect: Self.box, degrees: cut.degrees)
        let file = DoorTests.file(cut.output)
        var records: [String: [String: Any]] = [:]
        let flags = try CommandRunner.run(
            ["crop", "in.png", "--rect", box.rectText, "--angle", "\(cut.degrees)", "--oriented", cut.oriented]
                + (cut.mask ? ["--mask"] : []) + cut.runFlags + ["-o", "flags/" + cut.output, "--json"],
            in: scratch.url)
        #expect(flags.status == 0, "\(flags.stderr)")
        records["flags"] = try ShapeFixture.object(flags.stdout)
        try scratch.write(
            "input,x,y,width,height,angle,oriented,mask,output\nin.png,\(box.rectText),\(cut.degrees),\(cut.oriented),\(cut.mask),\"\(cut.output)\"\n",
            to: "m.csv")
        try scratch.write(
            #"{"input":"in.png","rect":"\#(box.rectText)","angle":\#(cut.degrees),"oriented":"\#(cut.oriented)","mask":\#(cut.mask),"output":"\#(cut.output)"}"#
                + "\n", to: "m.jsonl")
        for manifest in ["csv", "jsonl"] {
            let result = try CommandRunner.run(
                ["crop", "--manifest", "m.\(manifest)", "--out-dir", manifest, "--json", "-q"] + cut.runFlags,
                in: scratch.url)
            #expect(result.status == 0, "\(result.stderr)")
            records[manifest] = try ShapeFixture.object(result.stdout)
        }
        let client = try BatchClient(["--jobs", "1"] + cut.runFlags, in: scratch)
        try client.send([
            "id": 1, "command": "crop", "input": "in.png", "rect": box.rectText, "angle": cut.degrees,
            "oriented": cut.oriented, "mask": cut.mask, "output": "batch/" + cut.output,
        ])
        records["batch"] = try client.answer()
        #expect(try client.finish().status == 0)
        let expected = try #require(ShapeFixture.bytes(scratch.path("flags/" + file)))
        for door in ["csv", "jsonl", "batch"] {
            #expect(ShapeFixture.bytes(scratch.path(door + "/" + file)) == expected, "\(door) wrote other bytes")
            #expect(Self.shared(try #require(records[door])) == Self.shared(try #require(records["flags"])), "\(door)")
        }
        try Self.expectPixels(scratch.path("flags/" + file), record: try #require(records["flags"]), cut: cut, box: box)
    }

    /// The pixels of a door's crop: an upright box is its own width x height showing the photo
    /// under it; a masked box's bounds show the photo inside it and nothing (or navy) outside.
    static func expectPixels(_ path: String, record: [String: Any], cut: Cut, box: ShapeFixture.Box) throws {
        let sides = (width: Int(box.sides.width.rounded()), height: Int(box.sides.height.rounded()))
        let image = try VImage.load(path)
        if cut.oriented == "upright" {
            let size = record["outputSize"] as? [String: Int]
            #expect(size == ["width": sides.width, "height": sides.height], "\(String(describing: size))")
            try ShapeFixture.expectUpright(path, box: box, size: sides, tolerance: cut.output.hasSuffix("png") ? 2 : 3)
            #expect(image.hasAlpha == cut.mask)
            return
        }
        #expect(record["outputSize"] == nil)
        #expect(image.hasAlpha == (cut.background == nil))
        let pixels = try #require(record["pixels"] as? [String: Int])
        let (left, top) = (try #require(pixels["left"]), try #require(pixels["top"]))
        #expect(image.width == pixels["width"] && image.height == pixels["height"])
        var (inside, outside) = (0, 0)
        // A JPEG rings for a few pixels along the sharp edge between the box and the background.
        let margin = image.hasAlpha ? 1.5 : 10
        for y in stride(from: 1, to: image.height - 1, by: 3) {
            for x in stride(from: 1, to: image.width - 1, by: 3) {
                let (px, py) = (Double(left + x) + 0.5, Double(top + y) + 0.5)
                let got = try image.pixel(x: x, y: y)
                if box.contains(x: px, y: py, margin: margin) {
                    inside += 1
                    let expected = ShapeFixture.colour(x: px, y: py)
                    let off = zip(expected, got.prefix(3)).map { abs($0 - $1) }.max() ?? 0
                    #expect(off <= (image.hasAlpha ? 1 : 8), "(\(x), \(y)) inside: \(got)")
                    if image.hasAlpha { #expect(got[3] == 255) }
                } else if !box.contains(x: px, y: py, margin: -margin) {
                    outside += 1
                    if image.hasAlpha {
                        #expect(got[3] == 0, "(\(x), \(y)) outside: \(got)")
                    } else {
                        #expect(abs(got[0]) <= 8 && abs(got[1]) <= 8 && abs(got[2] - 128) <= 8, "(\(x), \(y)): \(got)")
                    }
                }
            }
        }
        #expect(inside > 100 && outside > 100, "\(inside) inside, \(outside) outside")
    }

    /// (the value as CSV writes it under its column, as JSON, the flags, the reason every door gives).
    static let badValues: [(column: String, csv: String, json: String, flags: [String], reason: String)] = [
        (
            "oriented", "sideways", #""oriented":"sideways""#, ["--oriented", "sideways"],
            "'sideways': use one of bounds, upright"
        ),
        ("angle", "x", #""angle":"x""#, ["--angle", "x"], "'x': expected a number from -360 to 360"),
        ("angle", "nan", #""angle":"nan""#, ["--angle", "nan"], "'nan': expected a number from -360 to 360"),
        ("angle", "400", #""angle":"400""#, ["--angle", "400"], "'400': expected a number from -360 to 360"),
        ("mask", "maybe", #""mask":"maybe""#, [], "'maybe': expected true or false"),
    ]

    @Test(arguments: 0..<badValues.count)
    func aBadCutValueGivesTheSameReasonThroughEveryDoor(index: Int) throws {
        let bad = Self.badValues[index]
        let scratch = try Scratch()
        try ShapeFixture.write(scratch, as: "in.png")
        try scratch.write(
            "input,x,y,width,height,\(bad.column),output\nin.png,0,0,0.5,0.5,\(bad.csv),c.png\n", to: "m.csv")
        try scratch.write(
            #"{"input":"in.png","rect":"0,0,0.5,0.5",\#(bad.json),"output":"c.png"}"# + "\n", to: "m.jsonl")
        if bad.column != "mask" {
            let flags = try CommandRunner.run(
                ["crop", "in.png", "--rect", "0,0,0.5,0.5", "-o", "c.png"]
                    + (bad.flags.contains("--angle") ? [] : ["--angle", "5"]) + bad.flags, in: scratch.url)
            #expect(flags.status == 64, "\(flags.stderr)")
            #expect(flags.stderr.hasPrefix("Error: --\(bad.column) \(bad.reason)\n"), "flags: \(flags.stderr)")
            let batch = try CommandRunner.run(["batch", "/dev/null"] + bad.flags, in: scratch.url)
            #expect(
                bad.column == "angle" || batch.stderr.hasPrefix("Error: --\(bad.column) \(bad.reason)\n"),
                "\(batch.stderr)")
        }
        for (manifest, line) in [("m.csv", 2), ("m.jsonl", 1)] {
            let result = try CommandRunner.run(["crop", "--manifest", manifest, "--out-dir", "out"], in: scratch.url)
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stderr.contains("error: \(manifest):\(line): \(bad.column): "), "\(result.stderr)")
            #expect(result.stderr.contains(bad.reason), "\(manifest): \(result.stderr)")
        }
        let client = try BatchClient([], in: scratch)
        try client.send(
            line: #"{"id":1,"command":"crop","input":"in.png","rect":"0,0,0.5,0.5",\#(bad.json),"output":"c.png"}"#)
        let error = try client.answer()["error"] as? String ?? ""
        #expect(error.hasPrefix("stdin:1: \(bad.column): ") && error.contains(bad.reason), "batch: \(error)")
        _ = try client.finish()
        #expect(scratch.files(under: "out").isEmpty)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("c.png")))
    }
}
