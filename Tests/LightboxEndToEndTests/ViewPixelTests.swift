import Foundation
import Testing
import Vips

/// `lightbox view` on the coordinate pattern: the screen centre shows the source pixel the geometry says.
@Suite(.processes) struct ViewPixelTests {
    /// Screen 320x240 points at 2x (640x480 pixels): the pattern fits exactly, one output pixel per source pixel.
    static let screen = ["--screen", "320x240", "--scale", "2"]

    /// (zoom, offset, expected source x, y at the centre pixel (320, 240)), worked out by hand.
    ///
    /// Output pixel centre 320.5 maps to source u = 320 + (320.5 - photo centre) / r, where r is
    /// the zoom; the source pixel whose centre is nearest is u - 0.5, rounded.
    static let centres: [(String, String, Int, Int)] = [
        ("1", "0,0", 320, 240),
        // r = 2: 320 + 0.25 - 0.5 = 319.75.
        ("2", "0,0", 320, 240),
        // Offset (40, -30) points = (80, -60) pixels: 320 - 79.5/2 - 0.5 = 279.75; 240 + 60.5/2 - 0.5 = 269.75.
        ("2", "40,-30", 280, 270),
        // r = 4, offset (200, 100) pixels: 320 - 199.5/4 - 0.5 = 269.625; 240 - 99.5/4 - 0.5 = 214.625.
        ("4", "100,50", 270, 215),
        // r = 3, offset (-160, 90) pixels: 320 + 160.5/3 - 0.5 = 373; 240 - 89.5/3 - 0.5 = 209.67.
        ("3", "-80,45", 373, 210),
        // Zoom 10 is clamped to 4: 320 + 0.5/4 - 0.5 = 319.625.
        ("10", "0,0", 320, 240),
        // Zoom 0.5 is clamped to 1, where nothing pans.
        ("0.5", "30,-20", 320, 240),
        // Past the limit (160, 120 points at zoom 2): 320 - 319.5/2 - 0.5 = 159.75; 240 + 240.5/2 - 0.5 = 359.75.
        ("2", "500,-500", 160, 360),
    ]

    @Test(arguments: centres)
    func centreShowsTheExpectedSourcePixel(zoom: String, offset: String, x: Int, y: Int) throws {
        let scratch = try Scratch()
        let image = try ViewHelpers.render(
            Self.screen + ["--zoom", zoom, "--offset", offset, ViewHelpers.pattern], in: scratch)
        #expect(image.width == 640 && image.height == 480)
        let source = try PatternPixel.source(in: image, x: 320, y: 240)
        #expect(source.x == x && source.y == y, "zoom \(zoom) offset \(offset): got \(source)")
    }

    @Test func fitAtOnePixelPerPixelCopiesTheSourceExactly() throws {
        let scratch = try Scratch()
        let image = try ViewHelpers.render(Self.screen + [ViewHelpers.pattern], in: scratch)
        #expect(try ImageDifference.mean(image, VImage.load(ViewHelpers.pattern)) == 0)
    }

    @Test func wholePixelPanCopiesTheShiftedSourceExactly() throws {
        // 320x240 at 1x and zoom 2 is one pixel per pixel; offset (40, -30) puts the photo's corner at (-120, -150).
        let scratch = try Scratch()
        let image = try ViewHelpers.render(
            ["--screen", "320x240", "--zoom", "2", "--offset", "40,-30", ViewHelpers.pattern], in: scratch)
        let expected = try VImage.load(ViewHelpers.pattern).crop(left: 120, top: 150, width: 320, height: 240)
        #expect(try ImageDifference.mean(image, expected) == 0)
    }

    @Test func offsetPastTheLimitLandsOnTheLimit() throws {
        let scratch = try Scratch()
        let past = try ViewHelpers.render(
            Self.screen + ["--zoom", "2", "--offset", "500,-500", ViewHelpers.pattern], as: "past.png", in: scratch)
        let limit = try ViewHelpers.render(
            Self.screen + ["--zoom", "2", "--offset", "160,-120", ViewHelpers.pattern], as: "limit.png", in: scratch)
        #expect(try ImageDifference.mean(past, limit) == 0)
        let plan = try ViewHelpers.plan(Self.screen + ["--zoom", "2", "--offset", "500,-500", ViewHelpers.pattern])
        #expect(plan["offset"] as? [String: Double] == ["x": 160, "y": -120])
    }

    @Test func letterboxedAxisCannotPan() throws {
        // 640x480 in 240x320 points: fitted 240x180; at zoom 1.5, 360x270: x overflows by 60, y fits.
        let scratch = try Scratch()
        let arguments = ["--screen", "240x320", "--scale", "2", "--zoom", "1.5", ViewHelpers.pattern]
        let moved = try ViewHelpers.render(arguments + ["--offset", "30,80"], as: "moved.png", in: scratch)
        let level = try ViewHelpers.render(arguments + ["--offset", "30,0"], as: "level.png", in: scratch)
        #expect(try ImageDifference.mean(moved, level) == 0)
        // The photo spans y 25...295 points: 50 pixel rows of black above it, none below row 52.
        #expect(try ViewHelpers.mean(moved, 0, 0, 480, 50) == 0)
        #expect(try ViewHelpers.mean(moved, 0, 52, 480, 4) > 0)
        let plan = try ViewHelpers.plan(arguments + ["--offset", "30,80"])
        #expect(plan["offset"] as? [String: Double] == ["x": 30, "y": 0])
    }

    @Test(arguments: ["Landscape", "Portrait"], 2...8)
    func everyOrientationShowsTheUprightPhoto(kind: String, orientation: Int) throws {
        let scratch = try Scratch()
        let arguments = ["--screen", "200x300", "--zoom", "1.7", "--offset", "20,10"]
        let folder = CommandRunner.orientationPhotos
        let reference = try ViewHelpers.render(
            arguments + [folder.appendingPathComponent("\(kind)_1.jpg").path], as: "up.png", in: scratch)
        let image = try ViewHelpers.render(
            arguments + [folder.appendingPathComponent("\(kind)_\(orientation).jpg").path], as: "turned.png",
            in: scratch
        )
        #expect(image.orientation == 1)
        // Separately encoded JPEGs differ by a few levels; a wrong turn or mirror by tens.
        let difference = try ImageDifference.mean(image, reference)
        #expect(difference < 8, "\(kind)_\(orientation) differs by \(difference)")
    }

    @Test func pageSelectsTheInputAndClamps() throws {
        let scratch = try Scratch()
        let arguments = ["--screen", "320x240", "--scale", "2", ViewHelpers.photo, ViewHelpers.pattern]
        let last = try ViewHelpers.render(arguments + ["--page", "7"], in: scratch)
        let centre = try PatternPixel.source(in: last, x: 320, y: 240)
        #expect(centre.x == 320 && centre.y == 240)
        let high = try ViewHelpers.plan(arguments + ["--page", "7"])
        #expect(
            high["page"] as? Int == 1 && high["pages"] as? Int == 2 && high["input"] as? String == ViewHelpers.pattern)
        let low = try ViewHelpers.plan(arguments + ["--page", "-3"])
        #expect(low["page"] as? Int == 0 && low["input"] as? String == ViewHelpers.photo)
    }

    /// (zoom, max zoom, offset given, zoom and offset x after the double tap).
    static let doubleTaps: [(String, String, String, Double, Double)] = [
        ("1", "4", "50,0", 2.5, 0),
        ("3", "4", "50,0", 1, 0),
        ("1", "2", "0,0", 2, 0),
        ("0.5", "4", "0,0", 2.5, 0),
    ]

    @Test(arguments: doubleTaps)
    func doubleTapTogglesAndResetsThePan(
        zoom: String, maxZoom: String, offset: String, expected: Double, x: Double
    ) throws {
        let plan = try ViewHelpers.plan(
            Self.screen + [
                "--zoom", zoom, "--max-zoom", maxZoom, "--offset", offset, "--double-tap", ViewHelpers.pattern,
            ]
        )
        #expect(plan["zoom"] as? Double == expected)
        #expect((plan["offset"] as? [String: Double])?["x"] == x)
    }

    @Test func doubleTapFromFitRendersTheDoubleTapZoom() throws {
        let scratch = try Scratch()
        let tapped = try ViewHelpers.render(
            Self.screen + ["--double-tap", "--offset", "40,0", ViewHelpers.pattern], as: "tap.png", in: scratch)
        let zoomed = try ViewHelpers.render(
            Self.screen + ["--zoom", "2.5", ViewHelpers.pattern], as: "zoom.png", in: scratch)
        #expect(try ImageDifference.mean(tapped, zoomed) == 0)
    }
}
