import Foundation
import Testing

/// Numbers in warnings, errors and dry runs are written short (`0.1`, not `0.09999999999999998`),
/// and with `--units px` the clipped warning speaks in pixels.
@Suite(.processes) struct MessageNumberTests {
    static let pattern = CommandRunner.fixtures.appendingPathComponent("pattern.png")

    /// No run of eight or more digits after a decimal point: the noise arithmetic leaves.
    static func hasNoise(_ text: String) -> Bool {
        text.range(of: #"\.\d{8,}"#, options: .regularExpression) != nil
    }

    @Test func aClippedRectIsWarnedAboutAndPlannedWithoutNoise() throws {
        let scratch = try Scratch()
        let input = try scratch.copy(Self.pattern, as: "p.png")
        let result = try CommandRunner.run([
            "crop", input, "--rect", "0.9,0.9,0.2,0.2", "-o", scratch.path("a.png"), "--dry-run",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr
                == "warning: --rect 1 '0.9,0.9,0.2,0.2': rect partly outside the image; clipped to 0.9,0.9,0.1,0.1\n")
        #expect(result.stdout.contains(#""rect":{"x":0.9,"y":0.9,"width":0.1,"height":0.1}"#), "\(result.stdout)")
        #expect(!Self.hasNoise(result.stdout + result.stderr))
    }

    @Test func theMinimumSideErrorIsWithoutNoise() throws {
        let scratch = try Scratch()
        let input = try scratch.copy(Self.pattern, as: "p.png")
        let result = try CommandRunner.run([
            "crop", input, "--rect", "0.9,0.9,0.2,0.2", "--min-side", "0.15", "-o", scratch.path("a.png"),
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("width 0.1 is under the minimum side 0.15"), "\(result.stderr)")
        #expect(!Self.hasNoise(result.stderr))
    }

    @Test func pixelRectsAreClippedInPixels() throws {
        let scratch = try Scratch()
        let input = try scratch.copy(Self.pattern, as: "p.png")
        let result = try CommandRunner.run([
            "crop", input, "--rect", "600,400,100,100.5", "--units", "px", "-o", scratch.path("a.png"), "--dry-run",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr
                == "warning: \(input): --rect 1 '600,400,100,100.5': rect partly outside the image; clipped to 600,400,40,80 (the image is 640x480)\n"
        )
        #expect(!Self.hasNoise(result.stdout))
    }
}
