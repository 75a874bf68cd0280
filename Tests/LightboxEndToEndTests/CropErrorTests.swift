import Foundation
import Testing
import Vips

/// Each bad input gives its one-line message and exit code, and leaves no file behind.
@Suite(.processes) struct CropErrorTests {
    static let pattern = CommandRunner.fixtures.appendingPathComponent("pattern.png").path

    /// (arguments after the input, the text stderr must hold), all usage errors (exit 64).
    static let usageCases: [([String], String)] = [
        (["--rect", "1,2,3", "-o", "x.png"], "Error: --rect 1 '1,2,3': expected 4 numbers x,y,width,height, got 3"),
        (["--rect", "0,0,nan,1", "-o", "x.png"], "Error: --rect 1 '0,0,nan,1': width is not a finite number"),
        (["--rect", "0,0,abc,1", "-o", "x.png"], "Error: --rect 1 '0,0,abc,1': width 'abc' is not a number"),
        (["--rect", "1.5,0,0.5,1", "-o", "x.png"], "the rect lies outside the image"),
        (["--rect", "0,0,0,1", "-o", "x.png"], "the rect has zero width"),
        (["--rect", "0.2,0.3,0.5,0", "-o", "x.png"], "the rect has zero height"),
        (["--rect", "0.5,0,1,1", "-o", "x.png", "--strict"], "partly outside the image (--strict)"),
        (["--rect", "0,0,1,1", "-o", "x.bmp"], "unsupported format '.bmp'"),
        (["--rect", "0,0,1,1", "--rect", "0,0,1,1", "-o", "x.png"], "add {n} for rects"),
        (["--rect", "0,0,1,1", "-o", "x.png", "--quality", "101"], "--quality '101'"),
        (["--rect", "0,0,1,1", "-o", "x.png", "--min-side", "2"], "--min-side '2'"),
        (["--rect", "0,0,1,1", "-o", "x.png", "--fail-on", "never"], "--fail-on 'never'"),
        (["--rect", "0,0,1,1", "-o", "x.png", "--bogus"], "unknown option '--bogus'"),
        (["--rect", "0,0,1,1"], "missing"),
        (["-o", "x.png"], "missing"),
        (["--rect"], "missing value"),
    ]

    @Test(arguments: usageCases)
    func usageErrorsExit64WithUsage(arguments: [String], message: String) throws {
        let scratch = try Scratch()
        let result = try CommandRunner.run(["crop", Self.pattern] + arguments, in: scratch.url)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: "))
        #expect(result.stderr.contains("Usage: lightbox crop"))
        #expect(result.stdout.isEmpty)
        #expect(try scratch.contents().isEmpty)
    }

    @Test func partlyOutsideRectIsClippedWithAWarning() throws {
        let scratch = try Scratch()
        let output = scratch.path("clip.png")
        let result = try CommandRunner.run(["crop", Self.pattern, "--rect", "0.75,0.5,0.5,1", "-o", output])
        #expect(result.status == 0)
        #expect(
            result.stderr
                == "warning: --rect 1 '0.75,0.5,0.5,1': rect partly outside the image; clipped to 0.75,0.5,0.25,0.5\n")
        let image = try VImage.load(output)
        #expect(image.width == 160 && image.height == 240)
        let quiet = try CommandRunner.run([
            "crop", Self.pattern, "--rect", "0.75,0.5,0.5,1", "-o", scratch.path("q.png"), "-q",
        ])
        #expect(quiet.stderr.isEmpty)
    }

    @Test func missingInputFailsButTheBatchGoesOn() throws {
        let scratch = try Scratch()
        let missing = scratch.path("missing.jpg")
        let result = try CommandRunner.run([
            "crop", missing, Self.pattern, "--rect", "0,0,0.5,0.5", "-o", scratch.path("{stem}.png"),
        ])
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("error: \(missing): ") == true)
        #expect(try scratch.contents() == ["pattern.png"])
    }

    @Test func truncatedJPEGNamesTheInputAndLeavesNoFile() throws {
        let scratch = try Scratch()
        let source = try Data(contentsOf: CommandRunner.orientationPhotos.appendingPathComponent("Landscape_1.jpg"))
        let truncated = scratch.path("truncated.jpg")
        try source.prefix(source.count / 2).write(to: URL(fileURLWithPath: truncated))
        let result = try CommandRunner.run(["crop", truncated, "--rect", "0,0.5,1,0.5", "-o", scratch.path("out.jpg")])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: \(truncated): "), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try scratch.contents() == ["truncated.jpg"])
    }

    @Test func notAnImageNamesTheInput() throws {
        let scratch = try Scratch()
        let text = scratch.path("notes.jpg")
        try Data("hello".utf8).write(to: URL(fileURLWithPath: text))
        let result = try CommandRunner.run(["crop", text, "--rect", "0,0,1,1", "-o", scratch.path("out.png")])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: \(text): "))
        #expect(try scratch.contents() == ["notes.jpg"])
    }

    @Test func existingOutputNeedsForceAndTheInputIsNeverReplaced() throws {
        let scratch = try Scratch()
        let input = try scratch.copy(URL(fileURLWithPath: Self.pattern), as: "in.png")
        let output = scratch.path("out.png")
        try Data("keep".utf8).write(to: URL(fileURLWithPath: output))
        let refused = try CommandRunner.run(["crop", input, "--rect", "0,0,0.5,0.5", "-o", output])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("output exists (use --force to replace it)"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: output)) == Data("keep".utf8))
        let forced = try CommandRunner.run(["crop", input, "--rect", "0,0,0.5,0.5", "-o", output, "--force"])
        #expect(forced.status == 0)
        #expect(try VImage.load(output).width == 320)
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        let selfCrop = try CommandRunner.run(["crop", input, "--rect", "0,0,0.5,0.5", "-o", input, "--force"])
        #expect(selfCrop.status == 64)
        #expect(selfCrop.stderr.contains("is the input"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
        #expect(try scratch.contents() == ["in.png", "out.png"])
    }

    @Test func missingOutputFoldersAreMadeAsNeeded() throws {
        let scratch = try Scratch()
        _ = try scratch.copy(URL(fileURLWithPath: Self.pattern), as: "p.png")
        let result = try CommandRunner.run(
            [
                "crop", "p.png", "--rect", "0,0,0.5,1", "--rect", "0.5,0,0.5,1", "-o", "halves/{stem}-{n}.webp",
                "--preview", "previews/{n}.jpg", "--contact-sheet", "sheets/all.jpg", "--report", "reports/r.jsonl",
            ],
            in: scratch.url
        )
        #expect(result.status == 0, "\(result.stderr)")
        for path in ["halves/p-1.webp", "halves/p-2.webp", "previews/1.jpg", "sheets/all.jpg", "reports/r.jsonl"] {
            #expect(FileManager.default.fileExists(atPath: scratch.path(path)), "\(path)")
        }
    }

    @Test func aFolderThatCannotBeMadeIsAnErrorInADryRunToo() throws {
        let scratch = try Scratch()
        try Data("file".utf8).write(to: URL(fileURLWithPath: scratch.path("blocker")))
        for dryRun in [["--dry-run"], []] {
            let result = try CommandRunner.run(
                ["crop", Self.pattern, "--rect", "0,0,1,1", "-o", scratch.path("blocker/sub/out.png")] + dryRun)
            #expect(result.status == 1, "\(dryRun)")
            #expect(result.stderr.contains("cannot make the output folder"), "\(result.stderr)")
        }
        #expect(try scratch.contents() == ["blocker"])
    }

    /// A folder the system will not make is refused with the system's own reason, not Foundation's sentence.
    @Test func aFolderTheSystemWillNotMakeGivesTheSystemsReason() throws {
        let scratch = try Scratch()
        let outDir = try CommandRunner.run(
            ["crop", Self.pattern, "--rect", "0,0,1,1", "--out-dir", "/proc/nope", "-o", "a.png"], in: scratch.url)
        #expect(outDir.status == 73)
        #expect(outDir.stderr == "error: /proc/nope: cannot write --out-dir (No such file or directory)\n")
        let output = try CommandRunner.run(
            ["crop", Self.pattern, "--rect", "0,0,1,1", "-o", "/proc/nope/a.png"], in: scratch.url)
        #expect(output.status == 1)
        #expect(
            output.stderr
                == "error: /proc/nope/a.png: cannot make the output folder /proc/nope (No such file or directory)\n")
    }

    @Test func minimumSideRejectsSmallRects() throws {
        let scratch = try Scratch()
        let result = try CommandRunner.run([
            "crop", Self.pattern, "--rect", "0,0,0.5,0.5", "--rect", "0,0,0.01,0.5",
            "-o", scratch.path("m-{n}.png"), "--min-side", "32px",
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("width 6 is under the minimum side 32"), "\(result.stderr)")
        #expect(try scratch.contents() == ["m-1.png"])
    }
}
