import Foundation
import Testing
import Vips

/// `lightbox board` failures: usage errors (64), layout file errors and unreadable photos (1), placeholders.
@Suite(.processes) struct BoardErrorTests {
    /// A wrong command line is a usage error (exit 64) and writes nothing.
    @Test(arguments: [
        (["a.jpg", "-o", "out.png"], "missing option '--size <WxH>' (or --device NAME)"),
        (["--size", "10x10", "-o", "out.png"], "missing argument '<input>' (or --layout FILE)"),
        (
            ["a.jpg", "b.jpg", "--captions", "A", "--size", "10x10", "-o", "out.png"],
            "--captions 'A': 1 captions for 2 inputs"
        ),
        (
            ["a.jpg", "b.jpg", "--id", "x,x", "--size", "10x10", "-o", "out.png"],
            "inputs 1 and 2 would both be the card 'x'; give each its own with --id"
        ),
        (["a.jpg", "--size", "10by10", "-o", "out.png"], "--size '10by10': expected WxH in points, such as 600x800"),
        (
            ["a.jpg", "--size", "10x10", "--scale", "9", "-o", "out.png"],
            "--scale '9': expected a number from 0.01 to 8"
        ),
        (
            ["a.jpg", "--size", "10x10", "--card-width", "10001", "-o", "out.png"],
            "--card-width '10001': expected a number up to 10000"
        ),
        (
            ["a.jpg", "--size", "10x10", "--background", "#12345", "-o", "out.png"],
            "--background '#12345': expected a CSS name (white, steelblue), #rgb, #rrggbb, #rrggbbaa, r,g,b or rgb(r,g,b) with 0-255, TOP:BOTTOM or an image path"
        ),
        (
            ["a.jpg", "--size", "10x10", "--background", "1,2,300", "-o", "out.png"],
            "--background '1,2,300': expected a CSS name (white, steelblue), #rgb, #rrggbb, #rrggbbaa, r,g,b or rgb(r,g,b) with 0-255, TOP:BOTTOM or an image path"
        ),
        (
            ["a.jpg", "--size", "10x10", "-o", "out.txt"],
            "-o 'out.txt': unsupported format '.txt' (use jpg, jpeg, png, webp, tif, tiff, gif, avif, heic)"
        ),
        (["a.jpg", "--layout", "b.json", "-o", "out.png"], "unexpected argument 'a.jpg': --layout names the photos"),
    ])
    func usageErrorsExit64AndWriteNothing(arguments: [String], message: String) throws {
        let scratch = try Scratch()
        let result = try CommandRunner.run(["board"] + arguments, in: scratch.url)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: \(message)\n"), "\(result.stderr)")
        #expect(try scratch.contents().isEmpty)
    }

    /// A bad layout file gives one `error: FILE: key: reason` line, exit 65, and no image.
    @Test(arguments: [
        (
            #"{"board":[300,300],"photos":[{"id":"Oslo","path":"a.png"},{"id":"Lima","path":"b.png"},{"id":"Oslo","path":"c.png"}]}"#,
            "photos[2].id: duplicate id 'Oslo'"
        ),
        (#"{"board":[300,300],"photos":[],"stacking":["Oslo"]}"#, "stacking[0]: no photo has the id 'Oslo'"),
        (#"{"board":[300,-1],"photos":[]}"#, "board.height: -1 points: expected more than 0, at most 100000"),
        ("{\"board\":[300,300],\n  \"photos\": [,]}", "not valid JSON at line 2, column 14: "),
    ])
    func layoutFileErrorsNameTheKeyAndExit65(layout: String, message: String) throws {
        let scratch = try Scratch()
        let file = try BoardFixture.write(layout, scratch, "board.json")
        let result = try CommandRunner.run(["board", "--layout", file, "-o", scratch.path("out.png")])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("error: \(file): \(message)"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try scratch.contents() == ["board.json"])
    }

    /// A layout file that cannot be read (missing, a folder) gives one `error:` line with the
    /// system's reason, exit 66, and no image, as docs/board.md says.
    @Test(arguments: [("gone.json", "No such file or directory"), ("folder.json", "Is a directory")])
    func anUnreadableLayoutExits66(name: String, reason: String) throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("folder.json"), withIntermediateDirectories: false)
        let file = scratch.path(name)
        let result = try CommandRunner.run(["board", "--layout", file, "-o", scratch.path("out.png")])
        #expect(result.status == 66)
        #expect(result.stderr == "error: \(file): cannot read the layout: \(reason)\n", "\(result.stderr)")
        #expect(try scratch.contents() == ["folder.json"])
    }

    /// An unreadable photo is reported and skipped (exit 1), or drawn empty with `--placeholder` (exit 0).
    @Test(arguments: [false, true])
    func anUnreadablePhotoIsReportedAndSkippedUnlessPlaceholder(placeholder: Bool) throws {
        let scratch = try Scratch()
        let good = try BoardFixture.solidPhoto(scratch, "red.png", color: [220, 20, 30])
        let broken = try BoardFixture.write("not an image", scratch, "broken.jpg")
        let output = scratch.path("out.png")
        let arguments = ["board", good, broken, "--size", "160x190", "--background", "#808080", "-o", output]
        let result = try CommandRunner.run(arguments + (placeholder ? ["--placeholder"] : []))
        #expect(result.status == (placeholder ? 0 : 1))
        #expect(
            result.stderr.hasPrefix(placeholder ? "warning: \(broken): " : "error: \(broken): "), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        // Both cards sit in the middle; the broken one (index 1) is on top when drawn.
        let centre = try VImage.load(output).pixel(x: 80, y: 95)
        #expect(BoardFixture.distance(centre, placeholder ? [230, 230, 230] : [220, 20, 30]) <= 2, "\(centre)")
    }

    /// A background image that cannot be read fails the board: exit 1, nothing written.
    @Test func aMissingBackgroundImageFailsAndWritesNothing() throws {
        let scratch = try Scratch()
        let good = try BoardFixture.solidPhoto(scratch, "red.png", color: [220, 20, 30])
        let result = try CommandRunner.run([
            "board", good, "--size", "100x100", "--background", scratch.path("none.jpg"), "-o", scratch.path("out.png"),
        ])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: \(scratch.path("none.jpg")): "), "\(result.stderr)")
        #expect(try scratch.contents() == ["red.png"])
    }

    /// An existing output is kept unless `--force` is given.
    @Test func anExistingOutputNeedsForce() throws {
        let scratch = try Scratch()
        let good = try BoardFixture.solidPhoto(scratch, "red.png", color: [220, 20, 30])
        let output = try BoardFixture.write("keep", scratch, "out.png")
        let result = try CommandRunner.run(["board", good, "--size", "100x100", "-o", output])
        #expect(result.status == 1)
        #expect(result.stderr == "error: \(output): output exists (use --force to replace it)\n")
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "keep")
        #expect(try CommandRunner.run(["board", good, "--size", "100x100", "-o", output, "--force"]).status == 0)
    }
}
