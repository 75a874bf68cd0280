import Foundation
import Testing
import Vips

/// A crop manifest is planned as it is read, a window of lines at a time: crops in any window
/// are the crops the whole file asks for, an output named again in a later window is refused,
/// default names count on across windows, shards split the lines exactly, and the supervisor's
/// memory does not grow with the number of lines.
@Suite(.processes) struct ManifestStreamingTests {
    /// A scratch folder with the pattern as `a.png` and `b.png` and a manifest of `count` lines
    /// long enough for several windows: `a.png` crops named `a-<i>-xxx….png`, `b.png` crops left
    /// to the default name, and last a line naming line 2's output again.
    static func longManifest(count: Int) throws -> (Scratch, String) {
        let scratch = try Scratch()
        for name in ["a.png", "b.png"] {
            _ = try scratch.copy(CommandRunner.fixtures.appendingPathComponent("pattern.png"), as: name)
        }
        let padding = String(repeating: "x", count: 90)
        var lines = ["input,x,y,width,height,output"]
        for index in 0..<count {
            let x = Double(index % 10) / 10
            lines.append(index % 3 == 2 ? "b.png,\(x),0.5,0.1,0.1," : "a.png,\(x),0,0.1,0.1,a-\(index)-\(padding).png")
        }
        lines.append("a.png,0,0,1,1,a-0-\(padding).png")
        let path = scratch.path("crops.csv")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        return (scratch, path)
    }

    @Test func cropsOfEveryWindowAreWritten() throws {
        let count = 900
        let (scratch, manifest) = try Self.longManifest(count: count)
        #expect(try FileManager.default.attributesOfItem(atPath: manifest)[.size] as? Int ?? 0 > 64 << 10)
        let out = scratch.path("out")
        let result = try CommandRunner.run(["crop", "--manifest", manifest, "--out-dir", out, "--jobs", "2"])
        #expect(result.status == 1)
        let refused = "error: \(manifest):\(count + 2): output: '\(out)/a-0-\(String(repeating: "x", count: 90)).png'"
        #expect(result.stderr.contains(refused + " is already the output of an earlier line"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("\(count) done, 1 failed, 0 skipped\n"))
        let written = Set(try FileManager.default.contentsOfDirectory(atPath: out))
        #expect(written.count == count)
        // `b.png`'s crops are numbered on across windows: b-1 to b-300, none twice, none missing.
        #expect((1...count / 3).allSatisfy { written.contains("b-\($0).png") })
        let last = try VImage.load(out + "/b-\(count / 3).png")
        let corner = try PatternPixel.source(in: last, x: 0, y: 0)
        #expect(last.width == 64 && corner.x == 576 && corner.y == 240)
    }

    /// A quote never closed past the first window ends the reading there: every shard says so
    /// and fails, the crops before it planned.
    @Test(arguments: [nil, "1/2", "2/2"])
    func aFileProblemInALaterWindowFailsEveryShard(shard: String?) throws {
        let (scratch, manifest) = try Self.longManifest(count: 900)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: manifest))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\"a.png,0,0,1,1,x.png\n".utf8))
        try handle.close()
        let result = try CommandRunner.run(
            ["crop", "--manifest", manifest, "--out-dir", scratch.path("out"), "--dry-run"]
                + (shard.map { ["--shard", $0] } ?? []))
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("\(manifest):903: a quoted field is not closed"), "\(result.stderr)")
        #expect(result.lines.count >= (shard == nil ? 900 : 1), "\(result.lines.count)")
    }

    @Test func shardsSplitAStreamedManifestExactly() throws {
        let (scratch, manifest) = try Self.longManifest(count: 1500)
        func planned(_ shard: String?) throws -> Set<String> {
            let result = try CommandRunner.run(
                ["crop", "--manifest", manifest, "--out-dir", scratch.path("out"), "--dry-run"]
                    + (shard.map { ["--shard", $0] } ?? []))
            return Set(
                result.lines.compactMap {
                    (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["output"] as? String
                })
        }
        let (whole, first, second) = (try planned(nil), try planned("1/2"), try planned("2/2"))
        #expect(whole.count == 1500)
        #expect(first.isDisjoint(with: second) && first.union(second) == whole)
        #expect(!first.isEmpty && !second.isEmpty)
    }

    @Test func theSupervisorsMemoryDoesNotGrowWithTheLines() throws {
        let scratch = try Scratch()
        _ = try scratch.copy(CommandRunner.fixtures.appendingPathComponent("pattern.png"), as: "a.png")
        var text = "input,x,y,width,height,output\n"
        for index in 0..<200_000 { text += "a.png,0.\(index % 9),0.5,0.1,0.1,crop-\(index).png\n" }
        try Data(text.utf8).write(to: URL(fileURLWithPath: scratch.path("big.csv")))
        // Every line is read, planned and its output claimed; one shard in a thousand is run.
        let run = try PeakMemory.run(
            ["crop", "--manifest", "big.csv", "--out-dir", "out", "--dry-run", "--shard", "1/1000"], in: scratch.url)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines > 0 && run.lines < 20_000)
        // The whole-run plan held 1.2 to 1.4 KB a line: 250 MB here.
        #expect(run.peak > 0 && run.peak < 150 * 1024, "peak \(run.peak) kB")
    }

    @Test func aLargeCOCOFileIsHeldCompactly() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("images"), withIntermediateDirectories: true)
        var text = #"{"images": ["#
        text += (0..<20_000).map { #"{"id": \#($0), "file_name": "\#($0).jpg", "width": 640, "height": 480}"# }
            .joined(separator: ",")
        text += #"], "annotations": ["#
        let polygon = (0..<24).map { String(100 + $0 * 3) + ".25" }.joined(separator: ", ")
        text += (0..<200_000).map {
            #"{"id": \#($0), "image_id": \#(($0 * 7919) % 20_000), "category_id": 1, "bbox": [10.5, 20, 30, 40], "#
                + #""area": 1200.0, "iscrowd": 0, "segmentation": [[\#(polygon)]]}"#
        }.joined(separator: ",")
        text += #"], "categories": [{"id": 1, "name": "thing"}]}"#
        try Data(text.utf8).write(to: URL(fileURLWithPath: scratch.path("instances.json")))
        // Every annotation is read and planned; the images are missing, so the one shard in a
        // thousand that runs fails fast.
        let run = try PeakMemory.run(
            [
                "crop", "--coco", "instances.json", "--images", "images", "--out-dir", "out", "--dry-run", "--shard",
                "1/1000",
            ], in: scratch.url)
        #expect(run.status == 1 && run.stderr.contains("would fail"), "\(run.stderr.suffix(300))")
        // The whole-file plan held 220 MB for such a file (1.1 KB an annotation).
        #expect(run.peak > 0 && run.peak < 150 * 1024, "peak \(run.peak) kB")
    }

    @Test func aLongJournalIsResumedInBlocks() throws {
        let scratch = try Scratch()
        _ = try scratch.copy(CommandRunner.fixtures.appendingPathComponent("pattern.png"), as: "a.png")
        try Data("input,x,y,width,height,output\na.png,0,0,0.5,0.5,c/new.png\n".utf8)
            .write(to: URL(fileURLWithPath: scratch.path("one.csv")))
        var journal =
            #"{"run":"2026-01-01T00:00:00Z","command":"crop","resume":false,"pid":1,"cwd":"\#(scratch.url.path)"}"#
        journal += "\n"
        for index in 0..<200_000 {
            journal +=
                #"{"input":"a.png","output":"out/c/\#(index).png","image":{"width":640,"height":480},"#
                + #""source":"m.csv","line":\#(index + 2),"bytes":1234,"status":"done","milliseconds":3}"# + "\n"
        }
        journal += #"{"input":"a.png","output":"out/c/7.png","status":"failed","error":"x","milliseconds":1}"# + "\n"
        try Data(journal.utf8).write(to: URL(fileURLWithPath: scratch.path("report.jsonl")))
        let run = try PeakMemory.run(
            ["crop", "--manifest", "one.csv", "--out-dir", "out", "--report", "report.jsonl", "--resume"],
            in: scratch.url)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = try String(contentsOfFile: scratch.path("report.jsonl"), encoding: .utf8).split(separator: "\n")
        // Both headers, each output's latest line (out/c/7.png's failed one), the new crop.
        #expect(lines.count == 200_003)
        #expect(lines.filter { $0.contains(#""output":"out/c/7.png""#) }.map { $0.contains("failed") } == [true])
        // The whole-file ledger held the file and every line: 250 MB here.
        #expect(run.peak > 0 && run.peak < 120 * 1024, "peak \(run.peak) kB")
    }
}
