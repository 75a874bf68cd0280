import Foundation
import Testing
import Vips

/// A read error found while an output is written is the input's: one line naming the input and
/// the loader's reason, never the saver's "unable to write", and every output of it failed.
@Suite(.processes) struct DamagedInputTests {
    /// The reason a truncated JPEG is given.
    static let reason = "truncated JPEG: the data ends before the last row (libjpeg: Premature end of input file)"

    /// The upright photo cut to half its bytes in `scratch`.
    static func truncated(in scratch: Scratch) throws -> String {
        let source = try Data(contentsOf: CommandRunner.orientationPhotos.appendingPathComponent("Landscape_1.jpg"))
        let path = scratch.path("truncated.jpg")
        try source.prefix(source.count / 2).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(arguments: ["png", "jpg", "webp"])
    func severalCropsOfADamagedInputGiveOneLine(ext: String) throws {
        let scratch = try Scratch()
        let input = try Self.truncated(in: scratch)
        let result = try CommandRunner.run([
            "crop", input, "--rect", "0,0,1,0.3", "--rect", "0,0.3,1,0.3", "--rect", "0,0.6,1,0.4",
            "-o", scratch.path("t-{n}.\(ext)"), "--json",
        ])
        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n")
        #expect(errors == ["error: \(input): \(Self.reason)"])
        #expect(result.lines.count == 3)
        #expect(
            result.lines.allSatisfy { $0.contains(#""status":"failed""#) && $0.contains(Self.reason) }
        )
        #expect(try scratch.contents() == ["truncated.jpg"])
    }

    /// Crops far apart are decoded each alone by the region decoder, which stops after a crop's
    /// last row; the top one, above the cut, must still fail with the input, as libvips fails it.
    @Test func aCropAboveTheCutFailsWithTheInput() throws {
        let scratch = try Scratch()
        let input = try Self.truncated(in: scratch)
        let result = try CommandRunner.run([
            "crop", input, "--rect", "0,0,0.2,0.2", "--rect", "0.8,0.8,0.2,0.2", "-o", scratch.path("t-{n}.png"),
            "--json",
        ])
        #expect(result.status == 1)
        #expect(result.stderr == "error: \(input): \(Self.reason)\n")
        #expect(
            result.lines.count == 2 && result.lines.allSatisfy { $0.contains(#""status":"failed""#) },
            "\(result.stdout)")
        #expect(try scratch.contents() == ["truncated.jpg"])
    }

    /// An input that cannot be opened, or whose decoder crashes, is one line however many crops it has.
    @Test(arguments: [
        ("notimage.jpg", "", "is not an image (it starts with text)"),
        ("photo.jpg", "crash:photo.jpg", "the decoder crashed (SIGSEGV)"),
    ])
    func anInputThatFailsWholeIsOneLine(name: String, fault: String, reason: String) throws {
        let scratch = try Scratch()
        if fault.isEmpty {
            try Data("not an image".utf8).write(to: scratch.url.appendingPathComponent(name))
        } else {
            _ = try scratch.copy(WorkerCrashTests.photo, as: name)
        }
        let result = try CommandRunner.run(
            ["crop", name, "--rect", "0,0,1,1", "--rect", "0,0,0.5,0.5", "-o", "t-{n}.png", "--json"],
            in: scratch.url, environment: fault.isEmpty ? [:] : ["LIGHTBOX_FAULT": fault]
        )
        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n")
        #expect(
            errors.count == 1 && errors[0].hasPrefix("error: \(name): ") && errors[0].contains(reason),
            "\(result.stderr)")
        #expect(
            result.lines.count == 2
                && result.lines.allSatisfy { $0.contains(#""status":"failed""#) && $0.contains(reason) })
        #expect(try scratch.contents() == [name])
    }

    @Test func viewOfADamagedInputNamesItsCause() throws {
        let scratch = try Scratch()
        let input = try Self.truncated(in: scratch)
        let result = try CommandRunner.run(["view", input, "--screen", "300x200", "-o", scratch.path("v.png")])
        #expect(result.status == 1)
        #expect(result.stderr == "error: \(input): \(Self.reason)\n")
        #expect(try scratch.contents() == ["truncated.jpg"])
    }

    @Test func boardOfADamagedPhotoNamesThatPhoto() throws {
        let scratch = try Scratch()
        let input = try Self.truncated(in: scratch)
        let result = try CommandRunner.run([
            "board", input, ViewHelpers.pattern, "--size", "300x300", "-o", scratch.path("b.png"),
        ])
        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(errors.count == 1)
        #expect(errors.first == "error: \(input): \(Self.reason) (card skipped)")
    }

    /// The record's `cards` counts the cards drawn: a skipped photo is none, a placeholder is one.
    @Test(arguments: [([String](), 1), (["--placeholder"], 2)])
    func theRecordCountsTheCardsDrawn(options: [String], cards: Int) throws {
        let scratch = try Scratch()
        let input = try Self.truncated(in: scratch)
        let result = try CommandRunner.run(
            ["board", input, ViewHelpers.pattern, "--size", "300x300", "-o", scratch.path("b.png"), "--json"] + options)
        let record = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(record?["cards"] as? Int == cards, "\(result.stdout)")
        #expect((record?["failed"] as? [Any])?.count == 1, "\(result.stdout)")
    }

    /// libpng's reason for failing mid-image is only a warning, given on the thread that decodes:
    /// the error says it after libvips' `libpng read error`, in every command.
    @Test(arguments: [
        ["crop", "IN", "--rect", "0,0,1,1", "-o", "c.png"],
        ["crop", "IN", "--rect", "0,0,1,1", "--resize", "9", "-o", "c.jpg"],
        ["view", "IN", "--screen", "40x30", "-o", "v.png"],
    ])
    func aPNGWithABadDataCRCSaysSo(command: [String]) throws {
        let scratch = try Scratch()
        var bytes = [UInt8](try Data(contentsOf: CommandRunner.fixtures.appendingPathComponent("pattern.png")))
        let idat = try #require((0..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual("IDAT".utf8) })
        // The chunk's data stays whole and its CRC (after the type and `length` bytes of data) is wrong.
        let length = bytes[idat - 4..<idat].reduce(0) { $0 << 8 | Int($1) }
        bytes[idat + 4 + length] ^= 0xFF
        let input = scratch.path("idat-crc.png")
        try Data(bytes).write(to: URL(fileURLWithPath: input))
        let outputs: Set<String> = ["c.png", "c.jpg", "v.png"]
        let result = try CommandRunner.run(
            command.map { $0 == "IN" ? input : outputs.contains($0) ? scratch.path($0) : $0 })
        #expect(result.status == 1)
        #expect(result.stderr == "error: \(input): vipspng: libpng read error (IDAT: CRC error)\n", "\(command)")
    }
}
