import Foundation
import Testing
import Vips

/// `--max-memory`: each worker runs under a data limit; a job that needs more fails alone with
/// `over the memory limit of N MB`, its worker is replaced, and the next jobs run.
@Suite(.processes) struct WorkerMemoryTests {
    /// Writes the interlaced PNG of the issue in `scratch`: 15000x15000 black RGB (225 megapixels,
    /// under the default --max-pixels) in a 657 KB file, which libvips decodes whole (702 MB at peak).
    static func interlacedPNG(_ scratch: Scratch, as name: String) throws -> String {
        let path = scratch.path(name)
        try VImage.filled(width: 15000, height: 15000, color: [0, 0, 0]).save(
            to: path, saver: Vips.saver(for: path), options: [("interlace", .bool(true)), ("compression", .int(9))])
        return path
    }

    /// The worker processes of `process` now (its children).
    static func workers(of process: Process) -> Set<String> {
        let tasks = "/proc/\(process.processIdentifier)/task"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []
        return Set(
            names.flatMap { task in
                ((try? String(contentsOfFile: "\(tasks)/\(task)/children", encoding: .utf8)) ?? "").split(
                    separator: " "
                )
                .map(String.init)
            })
    }

    @Test func anInterlacedPNGOverTheLimitFailsAloneAndTheBatchGoesOn() throws {
        let scratch = try Scratch()
        _ = try Self.interlacedPNG(scratch, as: "big.png")
        _ = try scratch.copy(RootConfinementTests.pattern, as: "p.png")
        let client = try BatchClient(["--max-memory", "200", "--jobs", "1"], in: scratch)
        try client.send(RootConfinementTests.crop("before", "p.png", "before.png"))
        #expect(try client.answer()["status"] as? String == "done")
        let first = Self.workers(of: client.process)
        try client.send(RootConfinementTests.crop("big", "big.png", "big-crop.png"))
        let big = try client.answer()
        #expect(big["status"] as? String == "failed")
        #expect(big["error"] as? String == "stdin:2: big.png: over the memory limit of 200 MB", "\(big)")
        let second = Self.workers(of: client.process)
        #expect(first.count == 1 && second.count == 1 && first != second, "\(first) \(second)")
        try client.send(RootConfinementTests.crop("after", "p.png", "after.png"))
        #expect(try client.answer()["status"] as? String == "done")
        try client.send(["id": "view", "command": "view", "input": "big.png", "screen": [100, 100], "output": "v.png"])
        #expect(try client.answer()["error"] as? String == "stdin:4: big.png: over the memory limit of 200 MB")
        try client.send([
            "id": "board", "command": "board", "board": [200, 200], "background": "big.png",
            "photos": [["id": "x", "path": "p.png"]], "output": "b.png",
        ])
        let board = try client.answer()
        #expect(board["error"] as? String == "stdin:5: big.png: over the memory limit of 200 MB", "\(board)")
        try client.send(RootConfinementTests.crop("last", "p.png", "last.png"))
        #expect(try client.answer()["status"] as? String == "done")
        let end = try client.finish()
        #expect(end.status == 1 && !end.stderr.contains("crashed"), "\(end.stderr)")
        for output in ["before.png", "after.png", "last.png"] {
            #expect(try RootConfinementTests.isCentreQuarter(scratch.path(output)), "\(output)")
        }
        #expect(try scratch.contents() == ["after.png", "before.png", "big.png", "last.png", "p.png"])
    }

    @Test func aDecoderThatAbortsOverTheLimitIsReportedAsOverItNotAsACrash() throws {
        let scratch = try Scratch()
        let manifest = try scratch.manifestOfCopies(RootConfinementTests.pattern, count: 3)
        let result = try CommandRunner.run(
            ["crop", "--manifest", manifest, "--out-dir", scratch.path("out"), "--max-memory", "200", "--jobs", "1"],
            in: scratch.url, environment: ["LIGHTBOX_FAULT": "oom:in1.png"])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "error: \(manifest):3: \(scratch.path("in1.png")): over the memory limit of 200 MB\n"),
            "\(result.stderr)")
        #expect(!result.stderr.contains("crashed"))
        #expect(result.stderr.components(separatedBy: "over the memory limit").count == 2, "\(result.stderr)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.path("out")).sorted() == [
                "out0.png", "out2.png",
            ])
    }

    /// An item that goes over the limit only in a worker that served other jobs first (what their
    /// leftovers can do) is tried once more in a fresh worker, and its outcome there stands: the
    /// limit is named only when it alone stopped the item.
    @Test func overTheLimitOnlyAfterOtherJobsIsTriedAgainInAFreshWorker() throws {
        let scratch = try Scratch()
        let manifest = try scratch.manifestOfCopies(RootConfinementTests.pattern, count: 3)
        let report = scratch.path("report.jsonl")
        let result = try CommandRunner.run(
            [
                "crop", "--manifest", manifest, "--out-dir", scratch.path("out"), "--max-memory", "200", "--jobs", "1",
                "--report", report,
            ],
            in: scratch.url, environment: ["LIGHTBOX_FAULT": "oom-stale:in1.png"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("memory"), "\(result.stderr)")
        let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").dropFirst()
        #expect(lines.count == 3 && lines.allSatisfy { $0.contains(#""status":"done""#) }, "\(lines)")
        for name in ["out0.png", "out1.png", "out2.png"] {
            #expect(try VImage.load(scratch.path("out/\(name)")).width == 640)
        }

        let client = try BatchClient(
            ["--max-memory", "200", "--jobs", "1"], in: scratch, environment: ["LIGHTBOX_FAULT": "oom-stale:in2.png"])
        try client.send(RootConfinementTests.crop("first", "in0.png", "first.png"))
        #expect(try client.answer()["status"] as? String == "done")
        try client.send(["id": "view", "command": "view", "input": "in2.png", "screen": [100, 100], "output": "v.png"])
        let view = try client.answer()
        #expect(view["status"] as? String == "done", "\(view)")
        try client.send([
            "id": "board", "command": "board", "board": [200, 200], "background": "in2.png",
            "photos": [["id": "x", "path": "in0.png"]], "output": "b.png",
        ])
        let board = try client.answer()
        #expect(board["status"] as? String == "done", "\(board)")
        #expect(try client.finish().status == 0)
    }

    /// A photo libvips cannot read lazily (a PNG), over libvips' 100 MB disc threshold and cut
    /// several times, is decoded into memory, not a temp file: a read-only TMPDIR (a container's) is no matter.
    @Test func aLargePNGCutTwiceNeedsNoTempFolder() throws {
        let scratch = try Scratch()
        let path = scratch.path("big.png")
        try VImage.filled(width: 6000, height: 6000, color: [200, 100, 50]).save(to: path, saver: Vips.saver(for: path))
        let result = try CommandRunner.run(
            ["crop", path, "--rect", "0,0,0.5,0.5", "--rect", "0.5,0.5,0.5,0.5", "-o", scratch.path("c-{n}.png")],
            environment: ["TMPDIR": scratch.path("no-such-folder")])
        #expect(result.status == 0, "\(result.stderr)")
        for name in ["c-1.png", "c-2.png"] {
            #expect(try VImage.load(scratch.path(name)).width == 3000)
        }
    }
}
