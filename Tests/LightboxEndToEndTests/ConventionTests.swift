import Foundation
import Testing
import Vips

/// Habits users bring from other tools: shards counted from 1, clamped values announced, plain logs.
@Suite(.processes) struct ConventionTests {
    @Test func shardZeroIsAUsageErrorWithAHint() throws {
        let result = try CommandRunner.run(["crop", "--manifest", "m.csv", "--out-dir", "out", "--shard", "0/2"])
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "Error: --shard '0/2': expected K/N with 1 <= K <= N (such as 1/4), auto (a Slurm array task) or auto/N (an Indexed Job); shards count from 1"
            ))
    }

    @Test(arguments: [
        (["--zoom", "10"], ["warning: --zoom 10 is over --max-zoom 4; using 4"]),
        (["--zoom", "0.5"], ["warning: --zoom 0.5 is under 1; using 1"]),
        (
            ["--max-zoom", "0.5", "--zoom", "2"],
            ["warning: --max-zoom 0.5 is under 1; using 1", "warning: --zoom 2 is over --max-zoom 1; using 1"]
        ),
        (["--page", "7"], ["warning: --page 7 is outside the 2 pages (0 to 1); showing page 1"]),
        (["--zoom", "3", "--page", "1"], []),
        // pattern.png (640x480) fits a 100x100 screen as 100x75: at zoom 2 it pans 50 across, 25 up or down.
        (
            ["--zoom", "2", "--offset", "80,-40"],
            [
                "warning: --offset 80,-40 is past the photo's edge at zoom 2 (it pans at most 50,25 either way); using 50,-25"
            ]
        ),
        (
            ["--offset", "10,0"],
            ["warning: --offset 10,0 is past the photo's edge at zoom 1 (it pans at most 0,0 either way); using 0,0"]
        ),
        (["--zoom", "2", "--offset", "-50,25"], []),
        (["--pull", "-5"], ["warning: --pull -5 is under 0 (the pull only goes down); using 0"]),
        (["--offset", "80,0", "-q"], []),
    ])
    func viewSaysWhatItClamps(options: [String], warnings: [String]) throws {
        let scratch = try Scratch()
        let result = try CommandRunner.run(
            [
                "view", ViewHelpers.pattern, ViewHelpers.photo, "--screen", "100x100", "-o", scratch.path("v.png"),
                "--json",
            ] + options
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").map(String.init) == warnings)
    }

    /// A state manifest's clamped offset is said with its file and line, in a dry run too (the
    /// photo's header is read there), and the record has the offset used.
    @Test(arguments: [false, true])
    func aManifestLineSaysItsClampedOffset(dryRun: Bool) throws {
        let scratch = try Scratch()
        let lines = [
            #"{"input":"\#(ViewHelpers.pattern)","zoom":2,"offset":[0,0],"output":"a.png"}"#,
            #"{"input":"\#(ViewHelpers.pattern)","zoom":2,"offset":{"width":0,"height":90},"output":"b.png"}"#,
        ]
        let manifest = scratch.path("states.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(toFile: manifest, atomically: true, encoding: .utf8)
        let result = try CommandRunner.run(
            ["view", "--manifest", manifest, "--out-dir", scratch.path("out"), "--screen", "100x100"]
                + (dryRun ? ["--dry-run"] : ["--json"]))
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning:") }.map(String.init)
        #expect(
            warnings == [
                "warning: \(manifest):2: --offset 0,90 is past the photo's edge at zoom 2 (it pans at most 50,25 either way); using 0,25"
            ])
        #expect(result.stdout.contains(#""offset":{"x":0,"y":25}"#), "\(result.stdout)")
    }
}

/// Save options written in the output name, as `vips` users write them.
@Suite(.processes) struct SaveOptionNameTests {
    @Test(arguments: [
        ("s.webp[lossless]", "webp"), ("s.jpg[Q=90,strip,interlace]", "jpg"), ("s.png[compression=9]", "png"),
    ])
    func optionsInTheNameReachTheSaver(name: String, ext: String) throws {
        let scratch = try Scratch()
        let plain = scratch.path("plain.\(ext)")
        let result = try CommandRunner.run(["crop", ViewHelpers.photo, "--rect", "0,0,1,1", "-o", scratch.path(name)])
        #expect(result.status == 0, "\(result.stderr)")
        _ = try CommandRunner.run(["crop", ViewHelpers.photo, "--rect", "0,0,1,1", "-o", plain])
        let written = scratch.path("s.\(ext)")
        let sizes = try [written, plain].map {
            try FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int ?? 0
        }
        #expect(sizes[0] != sizes[1], "the options changed nothing")
        if ext == "jpg" { #expect(try Exiftool.tags(written)["File:EncodingProcess"] == "2") }
        if ext == "webp" {
            #expect(try ImageDifference.mean(VImage.load(written), VImage.load(ViewHelpers.photo).autorotated()) == 0)
        }
    }

    @Test(arguments: [
        ("x.png[quality=9]", "unknown save option 'quality' for .png files; they take: compression"),
        ("x.jpg[Q=abc]", "save option Q=abc: wants a whole number from 1 to 100"),
        ("x.jpg[Q=500]", "save option Q=500 is out of range (1 to 100)"),
        ("x.webp[effort=9]", "save option effort=9 is out of range (0 to 6)"),
    ])
    func badOptionsAreUsageErrorsNamingTheReal(name: String, message: String) throws {
        let result = try CommandRunner.run(["view", ViewHelpers.photo, "--screen", "100x100", "-o", name])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: -o '\(name)': "))
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}

/// Board layouts take what the app takes: any card width, drawn `max(width, 1)` wide, with a warning when unusual.
@Suite(.processes) struct BoardCardWidthTests {
    @Test(arguments: [("5", "5"), ("0", "1"), ("-3", "1"), ("1", "1")])
    func narrowCardsAreDrawnWithAWarning(width: String, used: String) throws {
        let scratch = try Scratch()
        let output = scratch.path("b.png")
        let result = try CommandRunner.run([
            "board", ViewHelpers.photo, "--size", "100x100", "--card-width", width, "-o", output, "--dry-run",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("warning: card width \(width) is unusual"))
        #expect(result.stderr.contains("drawn \(used) pt wide"))
        let drawn = try CommandRunner.run([
            "board", ViewHelpers.photo, "--size", "100x100", "--card-width", width, "-o", output,
        ])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        #expect(try VImage.load(output).width == 100)
    }

    @Test func aLayoutFileWithATinyCardIsDrawn() throws {
        let scratch = try Scratch()
        let layout = scratch.path("layout.json")
        try Data(#"{"board":[120,120],"cardWidth":12,"photos":[{"path":"\#(ViewHelpers.photo)"}]}"#.utf8).write(
            to: URL(fileURLWithPath: layout))
        let result = try CommandRunner.run(["board", "--layout", layout, "-o", scratch.path("b.png")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("card width 12 is unusual"))
    }
}
