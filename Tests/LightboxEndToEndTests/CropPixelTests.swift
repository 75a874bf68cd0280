import Foundation
import Testing
import Vips

/// `lightbox crop` on the coordinate pattern: the output starts and ends at the expected source pixels.
@Suite(.processes) struct CropPixelTests {
    static let pattern = CommandRunner.fixtures.appendingPathComponent("pattern.png").path

    /// (rect, expected left, top, width, height) on the 640x480 pattern, worked out by hand.
    static let cases: [(String, Int, Int, Int, Int)] = [
        ("0.25,0.5,0.5,0.25", 160, 240, 320, 120),
        ("0,0,1,1", 0, 0, 640, 480),
        // 0.50078125 * 640 = 320.5 rounds away from zero to 321; (0.50078125 + 0.25) * 640 = 480.5 -> 481.
        ("0.50078125,0,0.25,0.5", 321, 0, 160, 240),
        // A rect far smaller than a pixel still gives one pixel.
        ("0.999,0.999,0.0001,0.0001", 639, 479, 1, 1),
        // Negative width is standardized: x 0.75 - 0.25 = 0.5.
        ("0.75,0.25,-0.25,0.5", 320, 120, 160, 240),
    ]

    @Test(arguments: cases)
    func cropStartsAtTheExpectedSourcePixel(rect: String, left: Int, top: Int, width: Int, height: Int) throws {
        let scratch = try Scratch()
        let output = scratch.path("crop.png")
        let result = try CommandRunner.run(["crop", Self.pattern, "--rect", rect, "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try VImage.load(output)
        #expect(image.width == width)
        #expect(image.height == height)
        let first = try PatternPixel.source(in: image, x: 0, y: 0)
        #expect(first.x == left && first.y == top)
        let last = try PatternPixel.source(in: image, x: width - 1, y: height - 1)
        #expect(last.x == left + width - 1 && last.y == top + height - 1)
    }

    @Test func neighbouringThirdsTileWithNoGapOrOverlap() throws {
        let third = 1.0 / 3.0
        let rects = [0.0, third, 2 * third].map { "\($0),0,\(third),1" }
        let scratch = try Scratch()
        var arguments = ["crop", Self.pattern, "-o", scratch.path("third-{n}.png"), "--dry-run"]
        for rect in rects { arguments += ["--rect", rect] }
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let spans = try result.lines.map { line -> (Int, Int) in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let pixels = object?["pixels"] as? [String: Int] ?? [:]
            return (pixels["left"] ?? -1, pixels["width"] ?? -1)
        }
        #expect(spans.count == 3)
        #expect(spans.map(\.0) == [0, 213, 427])
        #expect(spans.map { $0.0 + $0.1 } == [213, 427, 640])
        #expect(try scratch.contents().isEmpty)
    }

    @Test func dryRunPrintsTheDocumentedJSONAndWritesNothing() throws {
        let scratch = try Scratch()
        let output = scratch.path("out.jpg")
        let result = try CommandRunner.run([
            "crop", Self.pattern, "--rect", "0.25,0.5,0.5,0.25", "-o", output, "--dry-run",
        ])
        #expect(result.status == 0)
        let expected =
            #"{"input":"\#(Self.pattern)","output":"\#(output)","image":{"width":640,"height":480},"#
            + #""rect":{"x":0.25,"y":0.5,"width":0.5,"height":0.25},"pixels":{"left":160,"top":240,"width":320,"height":120}}"#
        #expect(result.lines == [expected])
        #expect(try scratch.contents().isEmpty)
    }

    @Test func jsonIsPrintedAfterTheWork() throws {
        let scratch = try Scratch()
        let output = scratch.path("out.png")
        let result = try CommandRunner.run(["crop", Self.pattern, "--rect", "0,0,0.5,0.5", "-o", output, "--json"])
        #expect(result.status == 0)
        #expect(result.lines.count == 1)
        #expect(result.lines.first?.contains(#""pixels":{"left":0,"top":0,"width":320,"height":240}"#) == true)
        #expect(try VImage.load(output).width == 320)
    }

    @Test func severalRectsAndInputsFollowTheTemplate() throws {
        let scratch = try Scratch()
        let second = try scratch.copy(URL(fileURLWithPath: Self.pattern), as: "second.png")
        let result = try CommandRunner.run([
            "crop", Self.pattern, second, "--rect", "0,0,0.5,0.5", "--rect", "0.5,0.5,0.5,0.5",
            "-o", scratch.path("{stem}-{n}.{ext}"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            try scratch.contents() == ["pattern-1.png", "pattern-2.png", "second-1.png", "second-2.png", "second.png"])
        let corner = try PatternPixel.source(in: VImage.load(scratch.path("second-2.png")), x: 0, y: 0)
        #expect(corner.x == 320 && corner.y == 240)
    }
}
