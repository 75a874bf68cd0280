import Foundation
import Testing
import Vips

/// `lightbox view --manifest`: JSON Lines of states, command-line defaults, bad lines reported, same pixels as one run.
@Suite(.processes) struct ViewBatchTests {
    static let pattern = CommandRunner.fixtures.appendingPathComponent("pattern.png").path

    @Test func manifestRendersEveryGoodLineAndReportsTheBadOnes() throws {
        let scratch = try Scratch()
        _ = try scratch.copy(URL(fileURLWithPath: Self.pattern), as: "p.png")
        let manifest = scratch.path("states.jsonl")
        try Data(
            """
            {"input":"p.png","output":"fit.png"}
            {"input":"p.png","output":"zoomed.png","zoom":2,"offset":{"width":1000,"height":0}}

            {"input":"p.png","output":"bad.png","zoom":"abc"}
            {"inputs":["p.png","gone.png"],"page":1,"output":"gone.png"}
            {"input":"p.png","output":"small.png","screen":[100,50],"maxZoom":1,"doubleTap":true}
            """.utf8
        ).write(to: URL(fileURLWithPath: manifest))
        let out = scratch.path("shots")
        let result = try CommandRunner.run([
            "view", "--manifest", manifest, "--out-dir", out, "--screen", "320x240", "--jobs", "2",
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: \(manifest):4: zoom 'abc': expected a number"), "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "error: \(manifest):5: \(scratch.path("gone.png")): cannot open: No such file or directory"))
        #expect(result.stderr.hasSuffix("3 done, 2 failed, 0 skipped\n"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: out).sorted() == ["fit.png", "small.png", "zoomed.png"])
        // At fit the 640x480 pattern fills the 320x240 screen at half size: the centre shows (320, 240).
        let fit = try PatternPixel.source(in: VImage.load(out + "/fit.png"), x: 160, y: 120)
        #expect(abs(fit.x - 320) <= 1 && abs(fit.y - 240) <= 1)
        // Zoom 2 fills the screen with the photo's middle; an offset of 1000 clamps to 160 points, the left edge.
        let zoomed = try PatternPixel.source(in: VImage.load(out + "/zoomed.png"), x: 2, y: 120)
        #expect(zoomed.x <= 3 && abs(zoomed.y - 240) <= 1)
        let small = try VImage.load(out + "/small.png")
        #expect(small.width == 100 && small.height == 50)
    }

    @Test func aManifestLineRendersTheSamePixelsAsTheCommandLine() throws {
        let scratch = try Scratch()
        let manifest = scratch.path("one.jsonl")
        try Data(
            #"{"input":"\#(Self.pattern)","output":"batch.png","zoom":1.7,"offset":[-40,25],"pull":60,"chrome":true}"#
                .utf8
        )
        .write(to: URL(fileURLWithPath: manifest))
        let batch = try CommandRunner.run([
            "view", "--manifest", manifest, "--out-dir", scratch.url.path, "--screen", "390x844", "--scale", "2",
        ])
        #expect(batch.status == 0, "\(batch.stderr)")
        let single = try CommandRunner.run([
            "view", Self.pattern, "--screen", "390x844", "--scale", "2", "--zoom", "1.7", "--offset", "-40,25",
            "--pull", "60",
            "--chrome", "-o", scratch.path("single.png"),
        ])
        #expect(single.status == 0, "\(single.stderr)")
        let difference = try ImageDifference.mean(
            VImage.load(scratch.path("batch.png")), VImage.load(scratch.path("single.png")))
        #expect(difference == 0)
    }
}
