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

    /// The frames of `output`, each a `height`-row slice of the stacked image.
    static func slices(_ output: String, height: Int = 480) throws -> [VImage] {
        let frames = try ViewHelpers.frames(output)
        return try (0..<frames.height / height).map { index in
            try frames.crop(left: 0, top: index * height, width: frames.width, height: height)
        }
    }

    /// A dismissing viewer ends as the app does: the seed's pull springs back while the app takes
    /// the viewer away with an opacity transition, so the photo shows until the last frame, which
    /// is only what lies under the viewer (GIF: white), never the viewer's grey backdrop.
    @Test func aDismissingViewerFadesOutToWhatIsUnderIt() throws {
        let scratch = try Scratch()
        let output = scratch.path("dismiss.gif")
        let arguments =
            Self.screen + [
                "--pull", "100", "--predicted", "400", "--animate", "dismiss", "--frames", "6", "-o", output, "--json",
            ]
        let result = try CommandRunner.run(["view"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""dismisses":true"#))
        let frames = try Self.slices(output).map { try $0.band(0, count: 3) }
        #expect(frames.count == 6)
        let under = try VImage.filled(width: 320, height: 480, color: [255, 255, 255])
        #expect(try ImageDifference.maximum(frames[5], under) == 0)
        // Every frame before it still shows the photo, where a flat backdrop would be one grey.
        for (index, frame) in frames.dropLast().enumerated() {
            let photo = try frame.crop(left: 0, top: 140, width: 320, height: 200)
            let spread = try VOperation.call("deviate", [("in", .image(photo))]).double("out")
            #expect(spread > 3, "frame \(index) is flat: \(spread)")
        }
        // Fading out, each frame is nearer white than the one before.
        let means = try frames.map { try $0.average() }
        #expect(zip(means, means.dropFirst()).allSatisfy { $0 < $1 }, "\(means)")
    }

    /// A WebP keeps the alpha: the dismissed viewer's last frame is fully transparent.
    @Test func aDismissedViewerLeavesNothingInAWebP() throws {
        let scratch = try Scratch()
        let output = scratch.path("dismiss.webp")
        let result = try CommandRunner.run(
            ["view"] + Self.screen + ["--pull", "100", "--predicted", "400", "--animate", "dismiss", "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        let last = try #require(try Self.slices(output).last)
        #expect(last.bands == 4)
        #expect(try last.band(3).average() == 0)
    }

    /// The screen style's page eases off the screen (the seed's `easeIn` to its dismiss distance)
    /// and the last frame is what lies under it.
    @Test func aDismissingScreenLeavesTheScreen() throws {
        let scratch = try Scratch()
        let output = scratch.path("screen.gif")
        let result = try CommandRunner.run(
            ["view"] + Self.screen + [
                "--style", "screen", "--pull", "150", "--animate", "dismiss", "--frames", "5", "--under", "#2a2a40",
                "-o", output,
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let frames = try Self.slices(output).map { try $0.band(0, count: 3) }
        #expect(frames.count == 5)
        // GIF dithers the flat colour a little: compare rows by their mean difference.
        let under = try VImage.filled(width: 320, height: 480, color: [42, 42, 64])
        #expect(try ImageDifference.mean(frames[4], under) < 1.5)
        // The page's top edge, the first row that is not the colour under it, moves down frame by frame.
        let tops = try frames.dropLast().map { frame in
            try (0..<480).first { y in
                try ImageDifference.mean(
                    frame.crop(left: 0, top: y, width: 320, height: 1),
                    under.crop(left: 0, top: y, width: 320, height: 1))
                    > 6
            } ?? 480
        }
        #expect(zip(tops, tops.dropFirst()).allSatisfy { $0 < $1 } && tops[3] < 480, "\(tops)")
    }

    /// With Reduce Motion the seeds animate nothing: a dismissing release is gone from the second
    /// frame, one that does not dismiss is back at rest there.
    @Test(arguments: [("viewer", "400", true), ("screen", "100", true), ("viewer", "100", false)])
    func reduceMotionJumpsToTheEnd(style: String, predicted: String, gone: Bool) throws {
        let scratch = try Scratch()
        let output = scratch.path("reduced.gif")
        let result = try CommandRunner.run(
            ["view"] + Self.screen + [
                "--style", style, "--pull", "150", "--predicted", predicted, "--reduce-motion", "--animate", "dismiss",
                "--frames", "4", "-o", output,
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let frames = try Self.slices(output).map { try $0.band(0, count: 3) }
        // GIF quantizes colours: the rest it springs back to is compared as a GIF too.
        let end =
            gone
            ? try VImage.filled(width: 320, height: 480, color: [255, 255, 255])
            : try ViewHelpers.render(Self.screen, as: "rest.gif", in: scratch).band(0, count: 3)
        #expect(try ImageDifference.mean(frames[0], end) > 10)
        for frame in frames.dropFirst() { #expect(try ImageDifference.mean(frame, end) < 1) }
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

    /// Reduce Motion's double tap has no animation either: every frame after the first is zoomed.
    @Test func reduceMotionZoomsAtOnce() throws {
        let scratch = try Scratch()
        let output = scratch.path("zoom.gif")
        let result = try CommandRunner.run(
            ["view"] + Self.screen + ["--reduce-motion", "--animate", "zoom", "--frames", "4", "-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        let frames = try Self.slices(output).map { try $0.band(0, count: 3) }
        let zoomed = try ViewHelpers.render(Self.screen + ["--zoom", "2.5"], as: "zoomed.gif", in: scratch)
        #expect(try ImageDifference.mean(frames[0], zoomed.band(0, count: 3)) > 10)
        for frame in frames.dropFirst() { #expect(try ImageDifference.mean(frame, zoomed.band(0, count: 3)) < 1) }
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
