import Foundation
import Testing
import Vips

/// `--animate` writes the asked number of frames, from the state given to where the seed's animation ends.
@Suite(.processes) struct ViewAnimationTests {
    static let screen = ["--screen", "320x480", ViewHelpers.pattern]

    @Test(arguments: [2, 5, 9])
    func zoomHasTheAskedNumberOfFrames(frames: Int) throws {
        let scratch = try Scratch()
        let output = scratch.path("zoom.gif")
        let result = try CommandRunner.run(
            ["view"] + Self.screen + ["--animate", "zoom", "--frames", String(frames), "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try ViewHelpers.frames(output)
        #expect(image.width == 320 && image.height == 480 * frames)
        #expect(image.intField("page-height") == 480)
    }

    @Test func zoomEndsAtTheDoubleTapZoom() throws {
        let scratch = try Scratch()
        let output = scratch.path("zoom.gif")
        let result = try CommandRunner.run(
            ["view"] + Self.screen + ["--animate", "zoom", "--frames", "4", "--duration", "0.3", "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        let frames = try ViewHelpers.frames(output)
        #expect(frames.hasField("delay"))
        let first = try frames.crop(left: 0, top: 0, width: 320, height: 480).band(0, count: 3)
        let last = try frames.crop(left: 0, top: 480 * 3, width: 320, height: 480).band(0, count: 3)
        let rest = try ViewHelpers.render(Self.screen, in: scratch)
        let zoomed = try ViewHelpers.render(Self.screen + ["--zoom", "2.5"], as: "zoomed.png", in: scratch)
        // GIF quantizes colours, so compare with a margin far below the difference between the two states.
        let apart = try ImageDifference.mean(rest, zoomed)
        #expect(try ImageDifference.mean(first, rest) < apart / 4)
        #expect(try ImageDifference.mean(last, zoomed) < apart / 4)
        // The zoom's top rows are photo at 2.5 (600 points tall), black at rest.
        #expect(try ViewHelpers.mean(last, 0, 0, 320, 40) > 20)
        #expect(try ViewHelpers.mean(first, 0, 0, 320, 40) == 0)
    }

    @Test func dismissingDragLeavesTheScreen() throws {
        let scratch = try Scratch()
        let output = scratch.path("dismiss.gif")
        let arguments =
            Self.screen + [
                "--pull", "100", "--predicted", "400", "--animate", "dismiss", "--frames", "6", "-o", output, "--json",
            ]
        let result = try CommandRunner.run(["view"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""dismisses":true"#))
        let frames = try ViewHelpers.frames(output)
        #expect(frames.height == 480 * 6)
        // The last frame is pulled by the screen height: the photo is gone, only the faded backdrop
        // is left (GIF flattens it onto white), the same as a snapshot pulled 480 points.
        let last = try frames.crop(left: 0, top: 480 * 5, width: 320, height: 480).band(0, count: 3)
        let gone = try ViewHelpers.render(Self.screen + ["--pull", "480", "--under", "white"], in: scratch)
        #expect(try ImageDifference.mean(last, gone) < 1)
        #expect(abs(try last.average() - 0.7 * 255) < 2)
    }

    @Test func shortDragSpringsBack() throws {
        let scratch = try Scratch()
        let output = scratch.path("back.gif")
        let result = try CommandRunner.run(
            ["view"] + Self.screen + ["--pull", "100", "--animate", "dismiss", "--frames", "8", "-o", output, "--json"]
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""dismisses":false"#))
        let frames = try ViewHelpers.frames(output)
        let first = try frames.crop(left: 0, top: 0, width: 320, height: 480).band(0, count: 3)
        let last = try frames.crop(left: 0, top: 480 * 7, width: 320, height: 480).band(0, count: 3)
        let rest = try ViewHelpers.render(Self.screen, in: scratch)
        let apart = try ImageDifference.mean(first, rest)
        #expect(apart > 10)
        #expect(try ImageDifference.mean(last, rest) < apart / 4)
    }

    /// The written delays add up to the duration: GIF in centiseconds, 30 and 40 ms mixed for the
    /// default zoom; WebP in milliseconds.
    @Test(arguments: [
        ("zoom.gif", [String](), 400, 10), ("zoom.gif", ["--frames", "7", "--duration", "0.33"], 330, 10),
        ("zoom.webp", ["--frames", "7", "--duration", "0.25"], 250, 1),
    ])
    func delaysAddUpToTheDuration(name: String, extra: [String], total: Int, unit: Int) throws {
        let scratch = try Scratch()
        let output = scratch.path(name)
        let result = try CommandRunner.run(["view"] + Self.screen + ["--animate", "zoom", "-o", output] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        let delays = try ViewHelpers.frames(output).intArrayField("delay")
        #expect(delays.reduce(0, +) == total, "\(delays)")
        #expect(delays.allSatisfy { $0 % unit == 0 }, "\(delays)")
        if name.hasSuffix(".gif") && extra.isEmpty { #expect(Set(delays) == [30, 40], "\(delays)") }
    }
}
