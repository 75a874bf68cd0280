import Foundation
import Testing

/// One failure, one reason: a TIFF whose strip cannot be read after libtiff warned 70 times fails
/// with the error first and a count of the warnings, the same line alone and in a manifest; the
/// warnings themselves are in its record (`--report`).
@Suite(.processes) struct ConciseReasonTests {
    /// The reason every door gives the warned TIFF.
    static let reason =
        "bad seek to 10000000; TIFFFillStrip: Seek error at scanline 4294967295, strip 0; read error"
        + " (and \(WarnedInputs.unknownTags) more warnings)"

    @Test func theErrorComesFirstThenTheCountOfWarnings() throws {
        let scratch = try Scratch()
        _ = try WarnedInputs.warnedTIFF(in: scratch)
        let report = scratch.path("alone.jsonl")
        let alone = try CommandRunner.run(
            ["crop", "warned.tif", "--rect", "0,0,1,1", "-o", "alone.png", "--report", report], in: scratch.url)
        #expect(alone.status == 1)
        #expect(alone.stderr == "error: warned.tif: \(Self.reason)\n")
        let record = try #require(try JournalFile.lastRun(report).first)
        #expect(record["error"] as? String == "warned.tif: \(Self.reason)")
        let warnings = try #require(record["warnings"] as? [String])
        #expect(warnings.count == WarnedInputs.unknownTags)
        #expect(warnings.first == "Unknown field with tag 40000 (0x9c40) encountered", "\(warnings)")

        try scratch.write("input,x,y,width,height,output\nwarned.tif,0,0,1,1,listed.png\n", to: "m.csv")
        let listed = try CommandRunner.run(["crop", "--manifest", "m.csv", "--out-dir", "out"], in: scratch.url)
        #expect(listed.status == 1)
        #expect(listed.stderr.hasPrefix("error: m.csv:2: warned.tif: \(Self.reason)\n"), "\(listed.stderr)")
    }

    @Test(arguments: [
        ["view", "warned.tif", "--screen", "40x30", "-o", "v.png"],
        ["board", "warned.tif", "--size", "200x200", "-o", "b.png"],
    ])
    func everyDoorSaysTheSameReason(command: [String]) throws {
        let scratch = try Scratch()
        _ = try WarnedInputs.warnedTIFF(in: scratch)
        let result = try CommandRunner.run(command, in: scratch.url)
        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(errors.first?.hasPrefix("error: warned.tif: \(Self.reason)") == true, "\(result.stderr)")
    }
}
