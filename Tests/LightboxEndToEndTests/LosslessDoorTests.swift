import Foundation
import JPEGCoefficients
import Testing
import Vips

/// `--lossless` through every door: flags, a CSV line (the flag as its default), a JSON Lines line
/// and `lightbox batch` (its `--lossless` default and a job's own key) give the same bytes, the
/// snapped pixels with `"snapped": true` and `"decoder": "lossless"` in the record (`rect` as asked), and the input's
/// own DCT coefficients and quantization tables, read back with libjpeg; a non-JPEG input is the
/// item's error, naming the reason, in every door.
@Suite(.processes) struct LosslessDoorTests {
    /// The asked rect, on the 320x240 gradient.
    static let rect = "0.1,0.1,0.5,0.5"
    /// The asked rect is 32,24,160,120: snapped to the 16 x 16 iMCUs of a 4:2:0 JPEG it is 32,16,160,128.
    static let snapped = ["left": 32, "top": 16, "width": 160, "height": 128]

    /// A 4:2:0 JPEG of the gradient (libvips subsamples chroma below quality 90).
    static func jpeg(_ scratch: Scratch) throws -> String {
        try ShapeFixture.write(scratch, as: "in.jpg", options: [("Q", .int(85))])
    }

    @Test func everyDoorCutsTheSameBlocks() throws {
        let scratch = try Scratch()
        let input = try Self.jpeg(scratch)
        var records: [String: [String: Any]] = [:]
        let flags = try CommandRunner.run(
            ["crop", "in.jpg", "--rect", Self.rect, "--lossless", "-o", "flags/c.jpg", "--json"], in: scratch.url)
        #expect(flags.status == 0, "\(flags.stderr)")
        records["flags"] = try ShapeFixture.object(flags.stdout)
        try scratch.write("input,x,y,width,height,output\nin.jpg,\(Self.rect),c.jpg\n", to: "m.csv")
        let csv = try CommandRunner.run(
            ["crop", "--manifest", "m.csv", "--out-dir", "csv", "--lossless", "--json", "-q"], in: scratch.url)
        #expect(csv.status == 0, "\(csv.stderr)")
        records["csv"] = try ShapeFixture.object(csv.stdout)
        try scratch.write(
            #"{"input":"in.jpg","rect":"\#(Self.rect)","lossless":true,"output":"c.jpg"}"# + "\n", to: "m.jsonl")
        let jsonl = try CommandRunner.run(
            ["crop", "--manifest", "m.jsonl", "--out-dir", "jsonl", "--json", "-q"], in: scratch.url)
        #expect(jsonl.status == 0, "\(jsonl.stderr)")
        records["jsonl"] = try ShapeFixture.object(jsonl.stdout)
        let client = try BatchClient(["--jobs", "1", "--lossless"], in: scratch)
        try client.send(["id": 1, "command": "crop", "input": "in.jpg", "rect": Self.rect, "output": "batch/c.jpg"])
        records["batch"] = try client.answer()
        try client.send([
            "id": 2, "command": "crop", "input": "in.jpg", "rect": Self.rect, "lossless": false,
            "output": "batch/d.jpg",
        ])
        let reencoded = try client.answer()
        #expect(try client.finish().status == 0)
        #expect(reencoded["decoder"] as? String == "region" && reencoded["snapped"] == nil, "\(reencoded)")
        #expect(reencoded["pixels"] as? [String: Int] == ["left": 32, "top": 24, "width": 160, "height": 120])
        let expected = try #require(ShapeFixture.bytes(scratch.path("flags/c.jpg")))
        for door in ["flags", "csv", "jsonl", "batch"] {
            let record = try #require(records[door])
            #expect(record["snapped"] as? Bool == true, "\(door): \(record)")
            #expect(record["decoder"] as? String == "lossless", "\(door)")
            #expect(record["pixels"] as? [String: Int] == Self.snapped, "\(door)")
            // The rect asked for is kept as asked; `pixels` is what the grid made of it.
            let asked = ["x": 0.1, "y": 0.1, "width": 0.5, "height": 0.5]
            #expect(record["rect"] as? [String: Double] == asked, "\(door)")
            #expect(ShapeFixture.bytes(scratch.path("\(door)/c.jpg")) == expected, "\(door) wrote other bytes")
        }
        try Self.expectSameBlocks(source: input, output: scratch.path("flags/c.jpg"), left: 32, top: 16)
        // Decoded, the cut shows the photo's pixels there (chroma upsampling aside at its edges).
        let shown = try VImage.load(scratch.path("flags/c.jpg"))
        #expect(shown.width == 160 && shown.height == 128)
        let original = try VImage.load(input).crop(left: 32, top: 16, width: 160, height: 128)
        let difference = try VOperation.call("subtract", [("left", .image(shown)), ("right", .image(original))]).image()
        let absolute = try VOperation.call("abs", [("in", .image(difference))]).image()
        #expect(try absolute.average() < 0.5)
    }

    /// Every block of each component of `output` is the block of `source` under it, coefficient
    /// for coefficient (an upright source, the cut at `left`, `top` on its iMCU grid), and the
    /// quantization tables are the source's.
    static func expectSameBlocks(source: String, output: String, left: Int, top: Int) throws {
        var (input, cut) = (jc_image(), jc_image())
        #expect(jc_read(source, &input) == 0)
        #expect(jc_read(output, &cut) == 0)
        defer {
            jc_free(&input)
            jc_free(&cut)
        }
        #expect(input.components == 3 && cut.components == 3 && cut.progressive == 0)
        let h = [input.h_samp.0, input.h_samp.1, input.h_samp.2].map(Int.init)
        let v = [input.v_samp.0, input.v_samp.1, input.v_samp.2].map(Int.init)
        #expect(h == [2, 1, 1] && v == [2, 1, 1], "4:2:0 expected: \(h) \(v)")
        let sourceAcross = [input.blocks_across.0, input.blocks_across.1, input.blocks_across.2].map(Int.init)
        let cutAcross = [cut.blocks_across.0, cut.blocks_across.1, cut.blocks_across.2].map(Int.init)
        let cutDown = [cut.blocks_down.0, cut.blocks_down.1, cut.blocks_down.2].map(Int.init)
        let sourceValues = [input.coefficients.0, input.coefficients.1, input.coefficients.2]
        let cutValues = [cut.coefficients.0, cut.coefficients.1, cut.coefficients.2]
        for ci in 0..<3 {
            // One block of this component covers this many pixels.
            let (bw, bh) = (8 * h.max()! / h[ci], 8 * v.max()! / v[ci])
            let (dx, dy) = (left / bw, top / bh)
            let (source, out) = (try #require(sourceValues[ci]), try #require(cutValues[ci]))
            var differing = 0
            for by in 0..<cutDown[ci] {
                for bx in 0..<cutAcross[ci] {
                    let o = out + (by * cutAcross[ci] + bx) * 64
                    let s = source + ((by + dy) * sourceAcross[ci] + bx + dx) * 64
                    differing += (0..<64).filter { o[$0] != s[$0] }.count
                }
            }
            #expect(cutAcross[ci] * bw == 160 && cutDown[ci] * bh == 128, "component \(ci)")
            #expect(differing == 0, "component \(ci): \(differing) coefficients differ")
        }
        let tables = { (image: jc_image) in withUnsafeBytes(of: image.quantization) { Array($0) } }
        #expect(tables(input) == tables(cut))
    }

    @Test func aNonJPEGInputIsTheItemsErrorInEveryDoor() throws {
        let scratch = try Scratch()
        try ShapeFixture.write(scratch, as: "in.png")
        _ = try Self.jpeg(scratch)
        let reason = "in.png: a lossless cut needs a JPEG input (crop without --lossless to re-encode)"
        let flags = try CommandRunner.run(
            ["crop", "in.png", "in.jpg", "--rect", Self.rect, "--lossless", "-o", "out/{stem}-{ext}.jpg"],
            in: scratch.url)
        #expect(flags.status == 1)
        #expect(flags.stderr == "error: \(reason)\n", "\(flags.stderr)")
        #expect(scratch.files(under: "out") == ["in-jpg.jpg"])
        try scratch.write("input,x,y,width,height,lossless,output\nin.png,\(Self.rect),true,c.jpg\n", to: "m.csv")
        let csv = try CommandRunner.run(["crop", "--manifest", "m.csv", "--out-dir", "csv"], in: scratch.url)
        #expect(csv.status == 1)
        #expect(csv.stderr.hasPrefix("error: m.csv:2: \(reason)\n"), "\(csv.stderr)")
        let client = try BatchClient([], in: scratch)
        try client.send([
            "id": 1, "command": "crop", "input": "in.png", "rect": Self.rect, "lossless": true, "output": "b.jpg",
        ])
        let answer = try client.answer()
        #expect(answer["status"] as? String == "failed")
        #expect(answer["error"] as? String == "stdin:1: \(reason)")
        _ = try client.finish()
        #expect(scratch.files(under: "csv").isEmpty && !FileManager.default.fileExists(atPath: scratch.path("b.jpg")))
    }

    @Test func aCutThatCannotBeLosslessIsRefusedBeforeAnyWork() throws {
        let scratch = try Scratch()
        _ = try Self.jpeg(scratch)
        let cases: [([String], String)] = [
            (
                ["--angle", "10", "--mask"],
                "Error: --lossless: a lossless cut keeps whole JPEG blocks: it cannot mask a shape"
            ),
            (
                ["--angle", "10", "--oriented", "upright"],
                "Error: --lossless: a lossless cut keeps whole JPEG blocks: it cannot turn an oriented box upright"
            ),
            (["--resize", "64"], "Error: --resize does not go with --lossless (it does not re-encode)"),
            (["-o", "c.png"], "Error: -o 'c.png': a lossless cut writes JPEG: name the output .jpg or .jpeg"),
        ]
        for (extra, message) in cases {
            let output = extra.contains("-o") ? [] : ["-o", "c.jpg"]
            let result = try CommandRunner.run(
                ["crop", "in.jpg", "--rect", Self.rect, "--lossless"] + output + extra, in: scratch.url)
            #expect(result.status == 64 && result.stderr.hasPrefix(message + "\n"), "\(result.stderr)")
        }
        try scratch.write(
            #"{"input":"in.jpg","rect":"\#(Self.rect)","angle":10,"oriented":"upright","lossless":true,"output":"c.jpg"}"#
                + "\n", to: "m.jsonl")
        let line = try CommandRunner.run(["crop", "--manifest", "m.jsonl", "--out-dir", "out"], in: scratch.url)
        #expect(line.status == 1)
        #expect(
            line.stderr.hasPrefix(
                "error: m.jsonl:1: lossless: a lossless cut keeps whole JPEG blocks: it cannot turn an oriented box upright\n"
            ),
            "\(line.stderr)")
        #expect(scratch.files(under: "out").isEmpty)
        // An output a lossless cut cannot write is the line's error, found before any work.
        try scratch.write("input,x,y,width,height,lossless,output\nin.jpg,\(Self.rect),true,c.png\n", to: "m.csv")
        let csv = try CommandRunner.run(["crop", "--manifest", "m.csv", "--out-dir", "csv"], in: scratch.url)
        #expect(csv.status == 1)
        #expect(
            csv.stderr.hasPrefix(
                "error: m.csv:2: output: 'c.png': a lossless cut writes JPEG: " + "name the output .jpg or .jpeg\n"),
            "\(csv.stderr)")
        #expect(scratch.files(under: "csv").isEmpty)
    }
}
