import Foundation
import Testing
import Vips

/// Rects turned by an angle, placed once the image's size is known (in the worker): in pixels
/// they cut what the same rect as fractions cuts; past the photo's edge they are clipped (bounds),
/// filled (upright), refused under `--strict`, or refused when wholly outside.
@Suite(.processes) struct TurnedRectTests {
    @Test func aTurnedRectInPixelsCutsWhatTheSameFractionsCut() throws {
        let scratch = try Scratch()
        try ShapeFixture.write(scratch, as: "in.png")
        // 0.3,0.35,0.4,0.25 of 320x240.
        let cases = [("0.3,0.35,0.4,0.25", "fraction", "f.png"), ("96,84,128,60", "px", "p.png")]
        for (rect, units, output) in cases {
            let result = try CommandRunner.run(
                [
                    "crop", "in.png", "--rect", rect, "--units", units, "--angle", "30", "--oriented", "upright", "-o",
                    output,
                ],
                in: scratch.url)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        }
        #expect(ShapeFixture.bytes(scratch.path("f.png")) == ShapeFixture.bytes(scratch.path("p.png")))
        try ShapeFixture.expectUpright(
            scratch.path("p.png"), box: ShapeFixture.Box(rect: (0.3, 0.35, 0.4, 0.25), degrees: 30), size: (128, 60),
            tolerance: 2)
    }

    @Test func aTurnedRectPastTheEdgeIsClippedFilledOrRefused() throws {
        let scratch = try Scratch()
        try ShapeFixture.write(scratch, as: "in.png")
        let rect = ["--rect", "0.7,0.4,0.4,0.2", "--angle", "30"]
        // Cut bounds: clipped to the image with a warning and "clipped": true.
        let bounds = try CommandRunner.run(["crop", "in.png"] + rect + ["-o", "b.png", "--json"], in: scratch.url)
        #expect(bounds.status == 0)
        #expect(
            bounds.stderr.hasPrefix(
                "warning: in.png: --rect 1 '0.7,0.4,0.4,0.2': turned rect partly outside the image; its bounds clipped to "
            ),
            "\(bounds.stderr)")
        let record = try ShapeFixture.object(bounds.stdout)
        #expect(record["clipped"] as? Bool == true)
        let pixels = try #require(record["pixels"] as? [String: Int])
        #expect(pixels["left"].map { $0 + (pixels["width"] ?? 0) } == 320)
        // Cut upright: the box's own size, transparent past the photo's edge with --mask.
        let upright = try CommandRunner.run(
            ["crop", "in.png"] + rect + ["--oriented", "upright", "--mask", "-o", "u.png", "--json"], in: scratch.url)
        #expect(upright.status == 0 && upright.stderr.isEmpty, "\(upright.stderr)")
        let image = try VImage.load(scratch.path("u.png"))
        #expect(image.width == 128 && image.height == 48 && image.bands == 4)
        #expect(try image.pixel(x: 2, y: 24)[3] == 255)
        #expect(try image.pixel(x: 125, y: 24)[3] == 0)
        #expect(try ShapeFixture.object(upright.stdout)["clipped"] == nil)
        // --strict refuses it; a rect whose turn lies wholly outside is refused in any case.
        let strict = try CommandRunner.run(["crop", "in.png"] + rect + ["--strict", "-o", "s.png"], in: scratch.url)
        #expect(strict.status == 1)
        #expect(
            strict.stderr
                == "error: in.png: rect 0.7,0.4,0.4,0.2 angle 30: the turned rect is partly outside the 320x240 image (--strict)\n",
            "\(strict.stderr)")
        try scratch.write("input,x,y,width,height,angle,output\nin.png,1.2,0.4,0.4,0.2,30,o.png\n", to: "m.csv")
        let outside = try CommandRunner.run(["crop", "--manifest", "m.csv", "--out-dir", "out"], in: scratch.url)
        #expect(outside.status == 1)
        #expect(
            outside.stderr.hasPrefix(
                "error: m.csv:2: in.png: rect 1.2,0.4,0.4,0.2 angle 30: the turned rect lies outside the 320x240 image\n"
            ),
            "\(outside.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("s.png")) && scratch.files(under: "out").isEmpty)
    }
}
