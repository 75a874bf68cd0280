import Foundation
import Testing

/// `lightbox view` refuses bad command lines with 64 and failed inputs or outputs with 1, one line each.
@Suite(.processes) struct ViewErrorTests {
    @Test(arguments: [
        ["--screen", "0x100"], ["--screen", "390"], ["--screen", "390x844", "--scale", "0"],
        ["--screen", "390x844", "--offset", "1"], ["--screen", "390x844", "--style", "sheet"],
        ["--screen", "390x844", "--under", "#12"], ["--screen", "390x844", "--zoom", "nan"],
        ["--screen", "390x844", "--animate", "spin"], ["--screen", "390x844", "--frames", "4"],
        ["--screen", "390x844", "--page", "1.5"], ["--screen", "1x1", "--scale", "0.4"],
        ["--screen", "390x844", "--scale", "100"],
    ])
    func badValuesAreUsageErrors(arguments: [String]) throws {
        let result = try CommandRunner.run(
            ["view", ViewHelpers.pattern] + arguments + ["-o", "/tmp/lightbox-never.png"])
        #expect(result.status == 64, "\(arguments)")
        #expect(result.stderr.contains("Error: "))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/lightbox-never.png"))
    }

    @Test func animationNeedsAnAnimatedFormat() throws {
        let result = try CommandRunner.run([
            "view", ViewHelpers.pattern, "--screen", "390x844", "--animate", "zoom", "-o", "/tmp/x.png",
        ])
        #expect(result.status == 64)
        #expect(result.stderr.contains(".gif or .webp"))
    }

    @Test func missingInputIsOneErrorLine() throws {
        let scratch = try Scratch()
        let missing = scratch.path("missing.jpg")
        let result = try CommandRunner.run(["view", missing, "--screen", "390x844", "-o", scratch.path("out.png")])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: \(missing): "))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try scratch.contents().isEmpty)
    }

    @Test func existingOutputNeedsForce() throws {
        let scratch = try Scratch()
        let output = scratch.path("out.png")
        let arguments = ["view", ViewHelpers.pattern, "--screen", "100x100", "-o", output]
        #expect(try CommandRunner.run(arguments).status == 0)
        let again = try CommandRunner.run(arguments)
        #expect(again.status == 1)
        #expect(again.stderr == "error: \(output): output exists (use --force to replace it)\n")
        #expect(try CommandRunner.run(arguments + ["--force"]).status == 0)
        #expect(try scratch.contents() == ["out.png"])
    }

    @Test func dryRunPrintsTheDocumentedJSONAndWritesNothing() throws {
        let scratch = try Scratch()
        let output = scratch.path("out.jpg")
        let result = try CommandRunner.run([
            "view", ViewHelpers.photo, ViewHelpers.pattern, "--page", "1", "--screen", "320x480", "--scale", "3",
            "--zoom", "9", "--offset", "-400,10", "--pull", "80", "-o", output, "--dry-run",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        // Zoom 9 clamps to 4; at 4 the 320x240 fit is 1280x960: limits 480 and 240.
        let expected =
            #"{"input":"\#(ViewHelpers.pattern)","output":"\#(output)","page":1,"pages":2,"#
            + #""screen":{"width":320,"height":480},"scale":3,"safeArea":{"top":0,"bottom":0},"fitted":{"width":320,"height":240},"zoom":4,"#
            + #""offset":{"x":-400,"y":10},"pull":80,"progress":0.25}"#
        #expect(result.lines == [expected])
        #expect(try scratch.contents().isEmpty)
    }
}
