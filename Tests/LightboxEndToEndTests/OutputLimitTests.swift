import Foundation
import Testing
import Vips

/// One size limit for every output (the format's own where it is smaller: WebP 16383, HEIC and
/// AVIF 16384, else 32768 a side), one message naming the output, its size and the limit, and
/// one exit code rule: 64 for a size the command line gives, 65 for a layout's, and a failed
/// item (exit 1, the others done) for a manifest line's or a crop's, known once its image is read;
/// a dry run of a snapshot or a board needs no output name.
@Suite(.processes) struct OutputLimitTests {
    static let lightbox = "pixels a side Lightbox writes"
    static let crop = ["crop", ViewHelpers.pattern, "--rect", "0,0,1,1"]

    /// (arguments, the output named, the message after it), every size from the command line.
    static let commandLines: [([String], String, String)] = [
        (
            ["view", ViewHelpers.pattern, "--screen", "20000x100", "--scale", "2"], "v.png",
            "40000x200 is over the 32768 \(lightbox)"
        ),
        (
            ["view", ViewHelpers.pattern, "--screen", "20000x20"], "v.webp",
            "20000x20 is over the 16383 pixels a side a WebP can hold"
        ),
        (
            ["board", ViewHelpers.pattern, "--size", "20000x300", "--scale", "2"], "b.png",
            "40000x600 is over the 32768 \(lightbox)"
        ),
        (
            ["board", ViewHelpers.pattern, "--size", "17000x300"], "b.webp",
            "17000x300 is over the 16383 pixels a side a WebP can hold"
        ),
        (
            ["board", ViewHelpers.pattern, "--size", "17000x300"], "b.avif",
            "17000x300 is over the 16384 pixels a side an AVIF can hold"
        ),
        (
            ["board", ViewHelpers.pattern, "--size", "10x10", "--scale", "0.01"], "b.png",
            "0x0 has a side under 1 pixel"
        ),
        (crop + ["--resize", "32769x1"], "r.png", "32769x1 is over the 32768 \(lightbox)"),
        (crop + ["--resize", "16384x1"], "r.webp", "16384x1 is over the 16383 pixels a side a WebP can hold"),
        (crop + ["--resize", "10x16385"], "r.heic", "10x16385 is over the 16384 pixels a side a HEIC can hold"),
    ]

    @Test(arguments: commandLines)
    func aSizeTheCommandLineGivesIsOneUsageError(arguments: [String], output: String, message: String) throws {
        let scratch = try Scratch()
        let result = try CommandRunner.run(arguments + ["-o", output], in: scratch.url)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("Error: \(output): \(message)\n"), "\(result.stderr)")
        #expect(try scratch.contents().isEmpty)
    }

    @Test func theLimitItselfIsWritten() throws {
        let scratch = try Scratch()
        for (size, name) in [("32768x1", "r.png"), ("16383x2", "r.webp")] {
            let result = try CommandRunner.run(Self.crop + ["--resize", size, "-o", name], in: scratch.url)
            #expect(result.status == 0, "\(result.stderr)")
            let image = try VImage.load(scratch.path(name))
            #expect("\(image.width)x\(image.height)" == size)
        }
    }

    @Test(arguments: [
        (#"{"board":[20000,300],"scale":2,"photos":[]}"#, "b.png", "40000x600 is over the 32768 \(lightbox)"),
        (#"{"board":[17000,300],"photos":[]}"#, "b.webp", "17000x300 is over the 16383 pixels a side a WebP can hold"),
    ])
    func aLayoutTooLargeIsTheLayoutsError(layout text: String, output: String, message: String) throws {
        let scratch = try Scratch()
        let layout = try scratch.write(text, to: "b.json")
        let result = try CommandRunner.run(["board", "--layout", layout, "-o", output], in: scratch.url)
        #expect(result.status == 65)
        #expect(result.stderr == "error: \(layout): \(output): \(message)\n")
    }

    /// A crop's size is known once its input is read: that crop fails, the others are written.
    @Test(arguments: [
        ("out.png", "40000x4 is over the 32768 \(lightbox)"),
        ("out.webp", "40000x4 is over the 16383 pixels a side a WebP can hold"),
        ("out.heic", "40000x4 is over the 16384 pixels a side a HEIC can hold"),
        ("out.jpg", "40000x4 is over the 32768 \(lightbox)"),
    ])
    func aCropTooLargeFailsAloneWhenItIsWritten(output: String, message: String) throws {
        let scratch = try Scratch()
        try VImage.filled(width: 40000, height: 4, color: [90, 120, 200]).save(
            to: scratch.path("wide.png"), saver: "pngsave")
        let manifest = try scratch.write(
            "input,x,y,width,height,output\nwide.png,0,0,1,1,\(output)\nwide.png,0,0,0.25,1,part.png\n",
            to: "crops.csv")
        let result = try CommandRunner.run(["crop", "--manifest", manifest, "--out-dir", "out"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: \(manifest):2: out/\(output): \(message)\n"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("out")) == ["part.png"])
        let single = try CommandRunner.run(["crop", "wide.png", "--rect", "0,0,1,1", "-o", output], in: scratch.url)
        #expect(single.status == 1 && single.stderr == "error: \(output): \(message)\n", "\(single.stderr)")
    }

    /// A lossless cut is refused from the JPEG's header, before any coefficient is read.
    @Test func aLosslessCutTooLargeFails() throws {
        let scratch = try Scratch()
        try VImage.filled(width: 40000, height: 16, color: [90, 120, 200]).save(
            to: scratch.path("wide.jpg"), saver: "jpegsave")
        let result = try CommandRunner.run(
            ["crop", "wide.jpg", "--rect", "0,0,1,1", "--lossless", "-o", "cut.jpg"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.stderr == "error: cut.jpg: 40000x16 is over the 32768 \(Self.lightbox)\n", "\(result.stderr)")
        #expect(try scratch.contents() == ["wide.jpg"])
    }

    /// A manifest line's screen is known before any work, but it is the line's: that snapshot fails.
    @Test func aViewManifestLineTooLargeFailsAlone() throws {
        let scratch = try Scratch()
        let input = try scratch.copy(URL(fileURLWithPath: ViewHelpers.pattern), as: "p.png")
        let manifest = try scratch.write(
            """
            {"input":"\(input)","screen":[20000,20],"output":"a.webp"}
            {"input":"\(input)","screen":[30,20],"output":"b.webp"}

            """, to: "views.jsonl")
        let result = try CommandRunner.run(["view", "--manifest", manifest, "--out-dir", "out"], in: scratch.url)
        #expect(result.status == 1)
        #expect(
            result.stderr.hasPrefix(
                "error: \(manifest):1: out/a.webp: 20000x20 is over the 16383 pixels a side a WebP can hold\n"),
            "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("out")) == ["b.webp"])
    }

    @Test func aViewDryRunNeedsNoOutput() throws {
        let result = try CommandRunner.run(["view", ViewHelpers.pattern, "--screen", "40x30", "--dry-run"])
        #expect(result.status == 0, "\(result.stderr)")
        let plan = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(plan?["output"] is NSNull && plan?["fitted"] != nil)
        let real = try CommandRunner.run(["view", ViewHelpers.pattern, "--screen", "40x30"])
        #expect(real.status == 64 && real.stderr.contains("missing option '-o <output>'"))
        let large = try CommandRunner.run([
            "view", ViewHelpers.pattern, "--screen", "20000x100", "--scale", "2", "--dry-run",
        ])
        #expect(large.status == 64 && large.stderr.hasPrefix("Error: 40000x200 is over the 32768 \(Self.lightbox)\n"))
    }

    @Test func aBoardDryRunNeedsNoOutput() throws {
        let scratch = try Scratch()
        let board = ["board", ViewHelpers.photo, "--size", "100x100"]
        let result = try CommandRunner.run(board + ["--dry-run"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let layout = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(layout?["output"] is NSNull && layout?["cards"] != nil, "\(result.stdout)")
        #expect(try scratch.contents().isEmpty)
        let real = try CommandRunner.run(board, in: scratch.url)
        #expect(real.status == 64 && real.stderr.hasPrefix("Error: missing option '-o <output>' (or --dry-run)\n"))
    }
}
