import Foundation
import Testing
import Vips

/// A pull down shrinks and lowers the content and fades the backdrop; the screen style fades the whole page.
@Suite(.processes) struct ViewPullTests {
    /// Pattern 640x480 in 320x480 points: fitted 320x240, at rest on rows 120...360.
    static let screen = ["--screen", "320x480", ViewHelpers.pattern]

    @Test func viewerPullShrinksLowersAndFades() throws {
        // Pull 64: progress 0.2, scale 0.96, backdrop 0.86 (219 of 255); photo 307.2x230.4 around (160, 304).
        let scratch = try Scratch()
        let image = try ViewHelpers.render(Self.screen + ["--pull", "64"], in: scratch)
        #expect(image.bands == 4)
        #expect(try image.pixel(x: 3, y: 300) == [0, 0, 0, 219])
        #expect(try image.pixel(x: 160, y: 186) == [0, 0, 0, 219])
        #expect(try image.pixel(x: 160, y: 421) == [0, 0, 0, 219])
        #expect(try image.pixel(x: 7, y: 300)[3] == 255)
        #expect(try image.pixel(x: 160, y: 190)[3] == 255)
        // Centre 160.5 maps to 320 + 0.5/0.48 - 0.5 = 320.54; 304.5 to 240.54.
        let centre = try PatternPixel.source(in: image, x: 160, y: 304)
        #expect(centre.x == 321 && centre.y == 241)
        let plan = try ViewHelpers.plan(Self.screen + ["--pull", "64"])
        #expect(plan["progress"] as? Double == 0.2 && plan["pull"] as? Double == 64)
    }

    @Test(
        arguments: [
            ("out.jpg", [String](), 36.0, 36.0, 36.0), ("out.png", ["--under", "#ff8000"], 36.0, 18.0, 0.0),
            ("out.png", ["--under", "0,0,255"], 0.0, 0.0, 36.0),
        ] as [(String, [String], Double, Double, Double)])
    func translucencyIsFlattenedOntoUnder(
        name: String, extra: [String], red: Double, green: Double, blue: Double
    ) throws {
        // Backdrop 219/255 black over the under colour: 36/255 of it shows (255 -> 36, 128 -> 18).
        let scratch = try Scratch()
        let image = try ViewHelpers.render(Self.screen + ["--pull", "64"] + extra, as: name, in: scratch)
        #expect(image.bands == 3)
        let pixel = try image.pixel(x: 160, y: 60)
        let expected = [red, green, blue]
        // JPEG moves flat areas by a level or two.
        #expect(zip(pixel, expected).allSatisfy { abs($0 - $1) <= 3 }, "\(pixel)")
    }

    @Test func negativePullCountsAsNone() throws {
        let plan = try ViewHelpers.plan(Self.screen + ["--pull", "-50"])
        #expect(plan["pull"] as? Double == 0 && plan["progress"] as? Double == 0)
    }

    @Test func screenStyleFadesAndShrinksTheWholePage() throws {
        // Threshold 140, pull 70: progress 0.5, scale 0.95, opacity 0.85 (217); page 304x456 around (160, 310).
        let scratch = try Scratch()
        let image = try ViewHelpers.render(Self.screen + ["--style", "screen", "--pull", "70"], in: scratch)
        #expect(try image.pixel(x: 4, y: 300) == [0, 0, 0, 0])
        #expect(try image.pixel(x: 160, y: 80) == [0, 0, 0, 0])
        #expect(try image.pixel(x: 160, y: 100) == [0, 0, 0, 217])
        #expect(try image.pixel(x: 160, y: 310)[3] == 217)
        // Photo 304x228 around (160, 310): 310.5 maps to 240 + 0.5/0.475 - 0.5 = 240.55.
        let centre = try PatternPixel.source(in: image, x: 160, y: 310)
        #expect(centre.x == 321 && centre.y == 241)
    }

    @Test(arguments: [(String?.none, false), ("279", false), ("280", true)])
    func screenStyleReportsWhetherTheReleaseDismisses(predicted: String?, dismisses: Bool) throws {
        let extra = predicted.map { ["--predicted", $0] } ?? []
        let plan = try ViewHelpers.plan(Self.screen + ["--style", "screen", "--pull", "70"] + extra)
        #expect(plan["dismisses"] as? Bool == dismisses)
        #expect(plan["progress"] as? Double == 0.5)
    }
}
