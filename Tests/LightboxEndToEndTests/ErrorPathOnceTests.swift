import Foundation
import Testing

/// A HEIF file libvips cannot read is named once in the error, in every command: libvips' own
/// message starts with the path (`x.heic: bad seek to N`), which used to follow `x.heic: ` again.
@Suite(.processes) struct ErrorPathOnceTests {
    /// A damaged file made from the fixtures: one cut before its tiles (its header fails) and
    /// one whose grid disagrees with its header (its pixels fail, as the output is written).
    static func damaged(_ kind: String, in scratch: Scratch) throws -> String {
        let path = scratch.path("\(kind).heic")
        if kind == "truncated" {
            let whole = try Data(contentsOf: URL(fileURLWithPath: HEIFCropTests.path("grid-plain.heic")))
            try whole.prefix(12_000).write(to: URL(fileURLWithPath: path))
        } else {
            _ = try scratch.copy(
                URL(fileURLWithPath: HEIFCropTests.path("grid-size-mismatch.heic")), as: "\(kind).heic")
        }
        return path
    }

    @Test(
        arguments: ["truncated", "mismatched"],
        [
            ["crop", "IN", "--rect", "0.1,0.1,0.5,0.5"], ["crop", "IN", "--rect", "0,0,1,1", "--resize", "50"],
            ["view", "IN", "--screen", "100x100"], ["board", "IN", "--size", "300x300"],
            ["board", "BACKGROUND", "--background", "IN", "--size", "100x60"],
        ])
    func theFileIsNamedOnce(kind: String, command: [String]) throws {
        let scratch = try Scratch()
        let input = try Self.damaged(kind, in: scratch)
        let photo = CommandRunner.fixtures.appendingPathComponent("photo.jpg").path
        let arguments = command.map { $0 == "IN" ? input : $0 == "BACKGROUND" ? photo : $0 }
        let result = try CommandRunner.run(arguments + ["-o", scratch.path("out.png")])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: \(input): "), "\(result.stderr)")
        #expect(result.stderr.components(separatedBy: input).count == 2, "\(command): \(result.stderr)")
        #expect(result.stderr.contains("bad seek to"), "\(result.stderr)")
    }

    /// How many times `text` holds `path`.
    static func count(_ path: String, in text: String?) -> Int {
        (text ?? "").components(separatedBy: path).count - 1
    }

    @Test(arguments: [["crop", "IN", "--rect", "0.1,0.1,0.5,0.5"], ["view", "IN", "--screen", "100x100"]])
    func theRecordNamesItOnce(command: [String]) throws {
        let scratch = try Scratch()
        let input = try Self.damaged("mismatched", in: scratch)
        let arguments = command.map { $0 == "IN" ? input : $0 } + ["-o", scratch.path("out.png"), "--json"]
        let result = try CommandRunner.run(arguments)
        let record = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let error = record?["error"] as? String
        #expect(
            error?.hasPrefix("\(input): bad seek to ") == true && Self.count(input, in: error) == 1, "\(error ?? "")")
    }

    @Test func aBoardsSkippedCardNamesItOnce() throws {
        let scratch = try Scratch()
        let input = try Self.damaged("mismatched", in: scratch)
        let result = try CommandRunner.run(["board", input, "--size", "300x300", "-o", scratch.path("b.png"), "--json"])
        let record = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let failed = record?["failed"] as? [[String: Any]]
        // The card's own error is the reason alone, beside its input; the board's names the input once.
        #expect(failed?.first?["input"] as? String == input)
        #expect(Self.count(input, in: failed?.first?["error"] as? String) == 0, "\(result.stdout)")
        #expect(Self.count(input, in: record?["error"] as? String) == 1, "\(result.stdout)")
    }

    /// A decoder that fails on every strip says the same line once per strip; the error says each line once.
    @Test func aReasonRepeatedByTheDecoderIsSaidOnce() throws {
        let scratch = try Scratch()
        let input = CommandRunner.fixtures.appendingPathComponent("pillow/strip-seek-crash.tif").path
        let result = try CommandRunner.run(["crop", input, "--rect", "0,0,1,1", "-o", scratch.path("c.png")])
        #expect(result.status == 1)
        let line = result.stderr.trimmingCharacters(in: .newlines)
        #expect(!line.contains("\n") && line.hasPrefix("error: \(input): "), "\(result.stderr)")
        let parts = line.dropFirst("error: \(input): ".count).components(separatedBy: "; ")
        #expect(parts.count > 1 && Set(parts).count == parts.count, "\(line)")
    }
}
