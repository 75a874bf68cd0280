import Foundation
import Testing
import Vips

/// An animated WebP keeps the millisecond delays asked for, those of 10 ms or less too (libvips
/// 8.14's saver writes 100 ms for them): its frames, read back with libwebpmux and by exiftool,
/// add up to the duration, and frames that short are warned about, as browsers slow them.
@Suite(.processes) struct WebPTimingTests {
    static let pattern = ["view", ViewHelpers.pattern, "--screen", "30x20"]

    /// (arguments, frames asked for, milliseconds in all).
    static let animations: [([String], Int, Int)] = [
        (["--animate", "zoom", "--frames", "12", "--duration", "0.12"], 12, 120),
        (
            ["--animate", "dismiss", "--pull", "100", "--predicted", "400", "--frames", "30", "--duration", "0.25"],
            30, 250
        ),
        (["--animate", "zoom", "--frames", "100", "--duration", "0.05"], 100, 50),
        (["--animate", "zoom", "--frames", "2", "--duration", "0.02"], 2, 20),
        (["--animate", "zoom", "--frames", "60", "--duration", "0.3"], 60, 300),
        (["--animate", "zoom", "--frames", "7", "--duration", "0.25"], 7, 250),
        (["--animate", "zoom", "--frames", "40", "--duration", "0.41"], 40, 410),
    ]

    @Test(arguments: animations)
    func framesAddUpToTheDuration(arguments: [String], frames: Int, milliseconds: Int) throws {
        let scratch = try Scratch()
        let output = scratch.path("a.webp")
        let result = try CommandRunner.run(Self.pattern + arguments + ["-o", output])
        #expect(result.status == 0, "\(result.stderr)")
        let durations = try #require(WebPFrames.durations(try Data(contentsOf: URL(fileURLWithPath: output))))
        #expect(durations.reduce(0, +) == milliseconds, "\(durations)")
        // libwebp merges a frame identical to the one before it (where an animation holds still).
        #expect(durations.count <= frames && durations.count > 1, "\(durations)")
        if durations.count == frames { #expect(durations.max()! - durations.min()! <= 1, "\(durations)") }
        let seconds = try #require(Double(try Exiftool.tags(output)["RIFF:Duration"] ?? ""))
        #expect(abs(seconds * 1000 - Double(milliseconds)) < 0.5, "exiftool: \(seconds) s")
        let short = milliseconds / frames <= 10
        #expect(
            result.stderr.contains("browsers show a frame of 10 ms or less for 100 ms") == short, "\(result.stderr)")
    }

    @Test func gifAdviceNamesWebPOnlyWhereItKeepsTheFramesFast() throws {
        let scratch = try Scratch()
        let runs: [(String, String, Bool)] = [("20", "0.25", true), ("30", "0.25", false)]
        for (frames, duration, advisesWebP) in runs {
            let animation = ["--animate", "zoom", "--frames", frames, "--duration", duration]
            let result = try CommandRunner.run(Self.pattern + animation + ["-o", scratch.path("a.gif"), "--force"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("GIF delays are whole centiseconds"), "\(result.stderr)")
            #expect(result.stderr.contains("or .webp") == advisesWebP, "\(frames) frames: \(result.stderr)")
        }
    }
}
