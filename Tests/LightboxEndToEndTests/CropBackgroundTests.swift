import Foundation
import Testing
import Vips

/// Transparent pixels in a crop are flattened onto one colour: white by default for formats
/// without alpha (JPEG) and previews, `--background COLOUR` for every format; never the black
/// or leftover colours that lie under alpha 0.
@Suite(.processes) struct CropBackgroundTests {
    /// A 64x64 RGBA PNG: the left half transparent over green junk (alpha 0), the right half
    /// opaque red; a grey+alpha PNG and a 16-bit RGBA PNG likewise.
    static func inputs(_ scratch: Scratch) throws -> (rgba: String, grey: String, deep: String) {
        var bytes: [UInt8] = []
        var greyBytes: [UInt8] = []
        for _ in 0..<64 {
            for x in 0..<64 {
                bytes += x < 32 ? [10, 200, 30, 0] : [200, 0, 0, 255]
                greyBytes += x < 32 ? [77, 0] : [10, 255]
            }
        }
        let rgba = scratch.path("rgba.png")
        try VImage.fromUCharBytes(bytes, width: 64, height: 64, bands: 4).save(to: rgba, saver: "pngsave")
        let grey = scratch.path("grey.png")
        try VImage.fromUCharBytes(greyBytes, width: 64, height: 64, bands: 2, interpretation: "b-w").save(
            to: grey, saver: "pngsave")
        let deep = scratch.path("deep.png")
        let wide = try VImage.fromUCharBytes(bytes, width: 64, height: 64, bands: 4).cast("ushort")
        try wide.linear([257, 257, 257, 257], [0, 0, 0, 0]).cast("ushort").interpreted("rgb16").save(
            to: deep, saver: "pngsave")
        return (rgba, grey, deep)
    }

    /// The colour at (`x`, 32) of the image at `path`, first three bands.
    static func colour(_ path: String, x: Int) throws -> [Double] {
        let image = try VImage.load(path)
        return Array(try image.pixel(x: x, y: 32).prefix(3))
    }

    /// Whether two colours are within `tolerance` on every band.
    static func near(_ a: [Double], _ b: [Double], _ tolerance: Double = 6) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test func aJPEGCropOfTransparentPixelsIsWhiteByDefault() throws {
        let scratch = try Scratch()
        let (rgba, grey, deep) = try Self.inputs(scratch)
        for (input, name) in [(rgba, "a.jpg"), (deep, "d.jpg")] {
            let result = try CommandRunner.run(["crop", input, "--rect", "0,0,1,1", "-o", scratch.path(name)])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(Self.near(try Self.colour(scratch.path(name), x: 8), [255, 255, 255]), "\(name)")
            #expect(Self.near(try Self.colour(scratch.path(name), x: 56), [200, 0, 0], 12), "\(name)")
        }
        let result = try CommandRunner.run(["crop", grey, "--rect", "0,0,1,1", "-o", scratch.path("g.jpg")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.colour(scratch.path("g.jpg"), x: 8).allSatisfy { $0 >= 250 })
        // PNG keeps the alpha when no background is asked for.
        let png = try CommandRunner.run(["crop", rgba, "--rect", "0,0,1,1", "-o", scratch.path("a.png")])
        #expect(png.status == 0)
        #expect(try VImage.load(scratch.path("a.png")).bands == 4)
    }

    @Test func backgroundFlattensEveryFormatOntoTheColourGiven() throws {
        let scratch = try Scratch()
        let (rgba, grey, _) = try Self.inputs(scratch)
        for name in ["n.jpg", "n.png", "n.webp"] {
            let result = try CommandRunner.run([
                "crop", rgba, "--rect", "0,0,1,1", "-o", scratch.path(name), "--background", "navy",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try VImage.load(scratch.path(name)).bands == 3, "\(name)")
            #expect(Self.near(try Self.colour(scratch.path(name), x: 8), [0, 0, 128], 8), "\(name)")
        }
        let result = try CommandRunner.run([
            "crop", grey, "--rect", "0,0,1,1", "-o", scratch.path("g.png"), "--background", "rgb(100,100,100)",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.colour(scratch.path("g.png"), x: 8) == [100])
        let bad = try CommandRunner.run([
            "crop", rgba, "--rect", "0,0,1,1", "-o", scratch.path("x.jpg"), "--background", "nocolour",
        ])
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: --background 'nocolour': expected a CSS name"), "\(bad.stderr)")
    }

    @Test func previewsUseTheSameBackground() throws {
        let scratch = try Scratch()
        let (rgba, _, _) = try Self.inputs(scratch)
        var result = try CommandRunner.run([
            "crop", rgba, "--rect", "0.5,0,0.5,1", "-o", scratch.path("c.jpg"), "--preview", scratch.path("p.jpg"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        // The transparent half, outside the crop, is white under the overlay's dimming, never black.
        let white = try Self.colour(scratch.path("p.jpg"), x: 4)
        #expect(white.allSatisfy { $0 > 60 }, "\(white)")
        result = try CommandRunner.run([
            "crop", rgba, "--rect", "0.5,0,0.5,1", "-o", scratch.path("c2.jpg"), "--preview", scratch.path("p2.jpg"),
            "--background", "black",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.colour(scratch.path("p2.jpg"), x: 4).allSatisfy { $0 < 10 })
    }
}
