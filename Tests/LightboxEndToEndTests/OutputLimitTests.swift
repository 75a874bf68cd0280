import Foundation
import Testing

/// One size limit, one message and one exit code for every command's output, and a dry run of a
/// snapshot or a board needs no output name.
@Suite struct OutputLimitTests {
    static let message = "each side must be 1 to 32768"

    @Test(arguments: [
        (["view", ViewHelpers.pattern, "--screen", "20000x100", "--scale", "2", "-o", "v.png"], "40000x200"),
        (["board", ViewHelpers.pattern, "--size", "20000x300", "--scale", "2", "-o", "b.png"], "40000x600"),
    ])
    func anOutputTooLargeIsOneUsageError(arguments: [String], size: String) throws {
        let scratch = try Scratch()
        let result = try CommandRunner.run(arguments, in: scratch.url)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(
            result.stderr.hasPrefix("Error: the output would be \(size) pixels; \(Self.message)\n"), "\(result.stderr)")
        #expect(try scratch.contents().isEmpty)
    }

    @Test func aLayoutTooLargeIsTheLayoutsError() throws {
        let scratch = try Scratch()
        let layout = try scratch.write(#"{"board":[20000,300],"scale":2,"photos":[]}"#, to: "b.json")
        let result = try CommandRunner.run(["board", "--layout", layout, "-o", scratch.path("b.png")])
        #expect(result.status == 65)
        #expect(result.stderr == "error: \(layout): the output would be 40000x600 pixels; \(Self.message)\n")
    }

    @Test func aViewDryRunNeedsNoOutput() throws {
        let result = try CommandRunner.run(["view", ViewHelpers.pattern, "--screen", "40x30", "--dry-run"])
        #expect(result.status == 0, "\(result.stderr)")
        let plan = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(plan?["output"] is NSNull && plan?["fitted"] != nil)
        let real = try CommandRunner.run(["view", ViewHelpers.pattern, "--screen", "40x30"])
        #expect(real.status == 64 && real.stderr.contains("missing option '-o <output>'"))
    }

    @Test func aBoardDryRunNeedsNoOutput() throws {
        let scratch = try Scratch()
        let board = ["board", ViewHelpers.photo, "--size", "100x100"]
        let result = try CommandRunner.run(board + ["--dry-run"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let layout = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(layout?["output"] is NSNull && layout?["cards"] != nil, "\(result.stdout)")
        #expect(try scratch.contents().isEmpty)
        let real = try CommandRunner.run(board, in: scratch.url)
        #expect(real.status == 64 && real.stderr.hasPrefix("Error: missing option '-o <output>' (or --dry-run)\n"))
    }
}
