import Foundation
import Testing
import Vips

/// `lightbox board --background`: the default gradient, colours, two-colour gradients and images.
@Suite(.processes) struct BoardBackgroundTests {
    /// (spec or nil for the default, expected top-left pixel, expected bottom-left pixel), 0 to 255.
    @Test(
        arguments: [
            (nil, [0.72, 0.55, 0.38].map { $0 * 255 }, [0.55, 0.39, 0.25].map { $0 * 255 }),
            ("#336699", [51.0, 102, 153], [51.0, 102, 153]),
            ("51,102,153", [51.0, 102, 153], [51.0, 102, 153]),
            ("255,0,0", [255.0, 0, 0], [255.0, 0, 0]),
            ("white", [255.0, 255, 255], [255.0, 255, 255]),
            ("rgb(70,130,180)", [70.0, 130, 180], [70.0, 130, 180]),
            ("#000000:#ffffff", [0.0, 0, 0], [255.0, 255, 255]),
            ("255,0,0:blue", [255.0, 0, 0], [0.0, 0, 255]),
        ] as [(String?, [Double], [Double])])
    func colourAndGradientBackgrounds(spec: String?, top: [Double], bottom: [Double]) throws {
        let scratch = try Scratch()
        let photo = try BoardFixture.solidPhoto(scratch, "red.png", color: [220, 20, 30])
        let output = scratch.path("out.png")
        let extra = spec.map { ["--background", $0] } ?? []
        let result = try CommandRunner.run(["board", photo, "--size", "400x400", "-o", output] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        let image = try VImage.load(output)
        // A 400-pixel gradient puts row 0 and row 399 within 1% of its ends.
        let (first, last) = (try image.pixel(x: 0, y: 0), try image.pixel(x: 0, y: 399))
        #expect(BoardFixture.distance(first, top) <= 2.5, "\(first)")
        #expect(BoardFixture.distance(last, bottom) <= 2.5, "\(last)")
    }

    /// An image background is scaled to cover every corner of the board.
    @Test func anImageBackgroundCoversTheBoard() throws {
        let scratch = try Scratch()
        let photo = try BoardFixture.solidPhoto(scratch, "red.png", color: [220, 20, 30])
        let backdrop = try BoardFixture.solidPhoto(scratch, "green.png", color: [10, 200, 40], side: 50)
        let output = scratch.path("out.png")
        let result = try CommandRunner.run([
            "board", photo, "--size", "300x200", "--scale", "2", "--background", backdrop, "-o", output,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try VImage.load(output)
        #expect(image.width == 600 && image.height == 400)
        for (x, y) in [(0, 0), (599, 0), (0, 399), (599, 399)] {
            #expect(BoardFixture.distance(try image.pixel(x: x, y: y), [10, 200, 40]) <= 2)
        }
    }
}
