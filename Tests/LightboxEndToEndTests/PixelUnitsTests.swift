import Foundation
import Testing
import Vips

/// `--units px` on the command line and in manifests, and the hint for rects that look like pixels.
@Suite(.processes) struct PixelUnitsTests {
    static let pattern = CommandRunner.fixtures.appendingPathComponent("pattern.png")
    static let rotated = CommandRunner.orientationPhotos.appendingPathComponent("Landscape_6.jpg").path

    @Test func pixelRectsAreOverTheDisplayedImage() throws {
        let scratch = try Scratch()
        let input = try scratch.copy(Self.pattern, as: "p.png")
        var result = try CommandRunner.run([
            "crop", input, "--rect", "64,48,128,96", "--units", "px", "-o", scratch.path("a.png"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let crop = try VImage.load(scratch.path("a.png"))
        #expect(crop.width == 128 && crop.height == 96)
        #expect(try PatternPixel.source(in: crop, x: 0, y: 0) == (64, 48))
        // Landscape_6 is stored 1200x1800 and displayed 1800x1200: px are of the displayed image.
        result = try CommandRunner.run([
            "crop", Self.rotated, "--rect", "1200,100,400,300", "--units", "px", "-o", scratch.path("r.jpg"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let turned = try VImage.load(scratch.path("r.jpg"))
        #expect(turned.width == 400 && turned.height == 300)
    }

    @Test func manifestsInPixelsWarnWhenClipped() throws {
        let scratch = try Scratch()
        _ = try scratch.copy(Self.pattern, as: "p.png")
        let manifest = try scratch.write("input,x,y,width,height\np.png,600,0,100,50\n", to: "crops.csv")
        let result = try CommandRunner.run([
            "crop", "--manifest", manifest, "--out-dir", scratch.path("out"), "--units", "px", "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "warning: \(manifest):2: \(scratch.path("p.png")): rect partly outside the image; clipped to 600,0,40,50 (the image is 640x480)\n"
            ),
            "\(result.stderr)")
        #expect(
            result.stdout.contains("\"pixels\":{\"left\":600,\"top\":0,\"width\":40,\"height\":50},"),
            "\(result.stdout)")
        #expect(result.stdout.contains("\"clipped\":true"), "\(result.stdout)")
    }

    @Test func rectsThatLookLikePixelsGetAHint() throws {
        let scratch = try Scratch()
        let input = try scratch.copy(Self.pattern, as: "p.png")
        var result = try CommandRunner.run(["crop", input, "--rect", "0,0,320,240", "-o", scratch.path("a.png")])
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "Error: --rect 0,0,320,240 looks like pixels; rects are 0 to 1, or use --units px\n"))
        let manifest = try scratch.write(
            "input,x,y,width,height\np.png,0,0,320,240\np.png,0,0,0.5,0.5\n", to: "crops.csv")
        result = try CommandRunner.run(["crop", "--manifest", manifest, "--out-dir", scratch.path("out")])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "error: \(manifest):2: rect: 0,0,320,240 looks like pixels; rects are 0 to 1, or use --units px"))
        #expect(scratch.files(under: "out") == ["p-2.png"])
    }
}
