import Foundation
import Testing
import Vips

/// `lightbox crop --manifest` and `--yolo`: bad items in the middle, reports, shards, resume after SIGKILL.
@Suite(.processes) struct BatchCropTests {
    static let pattern = CommandRunner.fixtures.appendingPathComponent("pattern.png")

    /// A scratch folder with the pattern copied in as `a.png` and `b.png`, and `text` as the manifest.
    static func manifest(_ name: String, _ text: String) throws -> (Scratch, String) {
        let scratch = try Scratch()
        _ = try scratch.copy(pattern, as: "a.png")
        _ = try scratch.copy(pattern, as: "b.png")
        let path = scratch.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return (scratch, path)
    }

    @Test func badItemsInTheMiddleAreReportedAndTheBatchGoesOn() throws {
        let (scratch, manifest) = try Self.manifest(
            "crops.csv",
            """
            input,x,y,width,height,output
            a.png,0,0,0.5,0.5,first.png
            a.png,abc,0,0.5,0.5,bad.png
            missing.png,0,0,0.5,0.5,lost.png
            b.png,2,2,0.5,0.5,outside.png
            "b.png",0.5,0.5,0.5,0.5,"last.png"

            """)
        let out = scratch.path("out")
        let result = try CommandRunner.run([
            "crop", "--manifest", manifest, "--out-dir", out, "--report", scratch.path("report.jsonl"), "--jobs", "2",
        ])
        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }.sorted()
        #expect(errors.count == 3)
        #expect(errors.contains { $0 == "error: \(manifest):3: x: 'abc' is not a number" })
        #expect(errors.contains { $0.hasPrefix("error: \(manifest):4: \(scratch.path("missing.png")): ") })
        #expect(
            errors.contains {
                $0 == "error: \(manifest):5: rect: the rect lies outside the image (it must overlap 0...1)"
            })
        #expect(result.stderr.hasSuffix("2 done, 3 failed, 0 skipped\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == ["first.png", "last.png"])
        let corner = try PatternPixel.source(in: VImage.load(out + "/last.png"), x: 0, y: 0)
        #expect(corner.x == 320 && corner.y == 240)
        let report = try String(contentsOfFile: scratch.path("report.jsonl"), encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix(#"{"run""#) }
        #expect(report.count == 5)
        #expect(report.filter { $0.contains(#""status":"done""#) }.count == 2)
        #expect(report.filter { $0.contains(#""status":"failed""#) && $0.contains(#""error":"#) }.count == 3)
        #expect(
            report.contains {
                $0.contains(#""output":"\#(out)/first.png""#)
                    && $0.contains(#""pixels":{"left":0,"top":0,"width":320,"height":240}"#)
                    && $0.contains(#""milliseconds":"#)
            })
    }

    @Test func jsonLinesWithEveryRectFormAndDefaultNames() throws {
        let (scratch, manifest) = try Self.manifest(
            "crops.jsonl",
            """
            {"input":"a.png","rect":"0,0,0.25,0.25"}
            {"input":"a.png","rect":{"x":0.5,"y":0,"width":0.25,"height":0.25}}
            {"input":"b.png","rect":[[0.25,0.5],[0.25,0.5]]}
            """)
        let out = scratch.path("out")
        let result = try CommandRunner.run(["crop", "--manifest", manifest, "--out-dir", out, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.count == 3)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == ["a-1.png", "a-2.png", "b-1.png"])
        let second = try PatternPixel.source(in: VImage.load(out + "/a-2.png"), x: 0, y: 0)
        #expect(second.x == 320 && second.y == 0)
        let third = try VImage.load(out + "/b-1.png")
        #expect(third.width == 160 && third.height == 240)
    }

    @Test(arguments: [2, 3])
    func shardsCoverTheManifestExactlyOnce(count: Int) throws {
        let lines = (0..<7).map { "\($0 % 2 == 0 ? "a" : "b").png,\(Double($0) / 8),0,0.125,1,crop\($0).png" }
        let (scratch, manifest) = try Self.manifest(
            "crops.csv", (["input,x,y,width,height,output"] + lines).joined(separator: "\n"))
        var written: [String] = []
        for index in 0..<count {
            let out = scratch.path("shard\(index)")
            let result = try CommandRunner.run([
                "crop", "--manifest", manifest, "--out-dir", out, "--shard", "\(index + 1)/\(count)",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            written += (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
        }
        #expect(written.sorted() == (0..<7).map { "crop\($0).png" }.sorted())
    }

    @Test func resumeAfterSeveralSIGKILLsLeavesEveryOutputWholeAndNoneMissing() throws {
        let scratch = try Scratch()
        let manifest = try scratch.manifestOfCopies(Self.pattern, count: 40)
        let out = scratch.path("out")
        var finished = 0
        for _ in 0..<3 {
            let process = Process()
            process.executableURL = CommandRunner.binary
            process.arguments = ["crop", "--manifest", manifest, "--out-dir", out, "--jobs", "2", "--resume", "-q"]
            try process.run()
            // Killed at a random point of its progress: after one to eight more files appear in the folder.
            let target = finished + Int.random(in: 1...8)
            Poll.until(within: 30) {
                !process.isRunning
                    || ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).count >= target
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let written = ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).filter {
                !$0.hasPrefix(".")
            }
            for name in written {
                #expect(try VImage.load(out + "/" + name).width == 640, "\(name) must be whole")
            }
            #expect(written.count >= finished)
            finished = written.count
        }
        let resumed = try CommandRunner.run(["crop", "--manifest", manifest, "--out-dir", out, "--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.hasSuffix("\(40 - finished) done, 0 failed, \(finished) skipped\n"))
        let final = try FileManager.default.contentsOfDirectory(atPath: out)
        #expect(final.count == 40, "no output missing and no temp file left: \(final.filter { $0.hasPrefix(".") })")
        for name in final { #expect(try VImage.load(out + "/" + name).width == 640) }
    }

    @Test func yoloBoxesGoIntoClassFolders() throws {
        let scratch = try Scratch()
        let images = scratch.path("images")
        let labels = scratch.path("labels")
        try FileManager.default.createDirectory(atPath: images, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: labels, withIntermediateDirectories: true)
        _ = try scratch.copy(Self.pattern, as: "images/street.png")
        try Data("0 0.25 0.25 0.5 0.5\n1 0.75 0.75 0.25 0.25\n1 0.5 0.5 0.1\n".utf8).write(
            to: URL(fileURLWithPath: labels + "/street.txt"))
        try Data("0 0.5 0.5 1 1\n".utf8).write(to: URL(fileURLWithPath: labels + "/orphan.txt"))
        try Data("names: [person, car]\n".utf8).write(to: URL(fileURLWithPath: scratch.path("data.yaml")))
        let out = scratch.path("boxes")
        let result = try CommandRunner.run([
            "crop", "--yolo", labels, "--images", images, "--classes", scratch.path("data.yaml"), "--out-dir", out,
            "--square",
        ])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "error: \(labels)/street.txt:3: expected 'class cx cy w h' or 'class x1 y1 x2 y2 x3 y3 ...' (3 or more points), got 4 values"
            ))
        #expect(result.stderr.contains("error: \(labels)/orphan.txt: no image named orphan.* in \(images)"))
        #expect(result.stderr.hasSuffix("2 done, 2 failed, 0 skipped\n"))
        let person = try VImage.load(out + "/person/street_1.png")
        #expect(person.width == 320 && person.height == 320)
        // The 0.5 x 0.5 box of a 640x480 image is 320x240; --square grows it to 320x320 about its centre (160, 120), moved inside.
        let corner = try PatternPixel.source(in: person, x: 0, y: 0)
        #expect(corner.x == 0 && corner.y == 0)
        let car = try VImage.load(out + "/car/street_2.png")
        #expect(car.width == 160 && car.height == 160)
    }
}
