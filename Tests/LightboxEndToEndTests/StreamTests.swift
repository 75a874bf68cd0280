import Foundation
import Testing
import Vips

/// `-` as an input reads standard input, `-o -` writes standard output, `--print-layout -` prints.
@Suite(.processes) struct StreamTests {
    /// Runs `lightbox` with `input` on its standard input and returns status, stdout bytes and stderr.
    static func run(_ arguments: [String], stdin input: Data) throws -> (Int32, Data, String) {
        let (status, output) = try CommandRunner.execute(CommandRunner.binary, arguments, stdin: input)
        return (status, output.stdout, String(decoding: output.stderr, as: UTF8.self))
    }

    @Test(arguments: [["crop", "-", "--rect", "0,0,0.5,0.5"], ["view", "-", "--screen", "150x100"]])
    func standardInToStandardOut(arguments: [String]) throws {
        let scratch = try Scratch()
        let photo = try Data(contentsOf: URL(fileURLWithPath: ViewHelpers.photo))
        let (status, out, err) = try Self.run(arguments + ["-o", "-", "--format", "png"], stdin: photo)
        #expect(status == 0, "\(err)")
        let path = scratch.path("out.png")
        try out.write(to: URL(fileURLWithPath: path))
        let image = try VImage.load(path)
        let crop = arguments[0] == "crop"
        #expect(
            image.width == (crop ? 300 : 150) && image.height == (crop ? 200 : 100),
            "upright halves of the 600x400 photo")
    }

    @Test(arguments: [["crop", "-", "--rect", "0,0,1,1"], ["view", "-", "--screen", "150x100"]])
    func aBadStandardInputIsNamedAsGiven(arguments: [String]) throws {
        let photo = try Data(contentsOf: URL(fileURLWithPath: ViewHelpers.photo))
        let (status, out, err) = try Self.run(
            arguments + ["-o", "-", "--format", "png"], stdin: photo.prefix(photo.count / 2))
        #expect(status == 1)
        #expect(out.isEmpty)
        #expect(
            err.hasPrefix("error: -: ") && err.contains("Premature end") && !err.contains("lightbox-stdin"), "\(err)")
        #expect(err.split(separator: "\n").count == 1, "\(err)")
    }

    @Test func aPipedCropMatchesTheFileCrop() throws {
        let scratch = try Scratch()
        let photo = try Data(contentsOf: URL(fileURLWithPath: ViewHelpers.photo))
        let (status, out, _) = try Self.run(
            ["crop", "-", "--rect", "0.1,0.2,0.5,0.6", "-o", "-", "--format", "png"], stdin: photo)
        #expect(status == 0)
        try out.write(to: URL(fileURLWithPath: scratch.path("piped.png")))
        let file = try CommandRunner.run([
            "crop", ViewHelpers.photo, "--rect", "0.1,0.2,0.5,0.6", "-o", scratch.path("file.png"),
        ])
        #expect(file.status == 0)
        #expect(
            try ImageDifference.mean(VImage.load(scratch.path("piped.png")), VImage.load(scratch.path("file.png"))) == 0
        )
    }

    @Test(arguments: [
        (["crop", "a.jpg", "--rect", "0,0,1,1", "-o", "-"], "needs --format"),
        (["crop", "a.jpg", "--rect", "0,0,1,1", "-o", "a.png", "--format", "png"], "--format goes with -o -"),
        (
            ["crop", "a.jpg", "--rect", "0,0,1,1", "-o", "-", "--format", "png", "--json"],
            "--json does not go with -o -"
        ),
        (["crop", "-", "-", "--rect", "0,0,1,1", "-o", "{n}.png"], "'-' (standard input) can be given once"),
    ])
    func streamMisuseIsAUsageError(arguments: [String], message: String) throws {
        let (status, _, err) = try Self.run(arguments, stdin: Data())
        #expect(status == 64)
        #expect(err.contains(message), "\(err)")
    }

    @Test func printLayoutDashPrintsTheLayout() throws {
        let scratch = try Scratch()
        let result = try CommandRunner.run([
            "board", ViewHelpers.photo, "--size", "200x200", "--print-layout", "-", "-o", scratch.path("b.png"),
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data((result.lines.first ?? "").utf8)) as? [String: Any]
        #expect(object?["cards"] != nil)
        #expect(!FileManager.default.fileExists(atPath: "-"))
    }
}

/// `--json` and `--dry-run` lines come in input order whatever `--jobs`; failed lines say where they came from.
@Suite(.processes) struct OutputOrderTests {
    @Test func dryRunAndJSONLinesFollowTheManifest() throws {
        let scratch = try Scratch()
        var lines = ["input,x,y,width,height,output"]
        for index in 0..<12 {
            _ = try scratch.copy(
                URL(fileURLWithPath: index % 3 == 0 ? ViewHelpers.photo : ViewHelpers.pattern),
                as: "in\(index).\(index % 3 == 0 ? "jpg" : "png")")
            lines.append(
                "in\(index).\(index % 3 == 0 ? "jpg" : "png"),0,0,\(index == 5 ? "x" : "0.5"),0.5,out\(index).png")
        }
        let manifest = scratch.path("m.csv")
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: manifest))
        let expected = (0..<12).filter { $0 != 5 }.map { scratch.path("out/out\($0).png") }
        for mode in ["--dry-run", "--json"] {
            for jobs in ["1", "3"] {
                let result = try CommandRunner.run([
                    "crop", "--manifest", manifest, "--out-dir", scratch.path("out"), mode, "--jobs", jobs, "--force",
                ])
                let objects = result.lines.compactMap {
                    try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
                }
                let outputs = objects.compactMap { $0["output"] as? String }
                #expect(outputs == expected, "\(mode) --jobs \(jobs)")
                if mode == "--json" {
                    let failed = objects.first { $0["status"] as? String == "failed" }
                    #expect(failed?["source"] as? String == manifest)
                    #expect(failed?["line"] as? Int == 7)
                }
            }
        }
    }

    @Test func boardPrintsOneJSONLine() throws {
        let scratch = try Scratch()
        let result = try CommandRunner.run([
            "board", ViewHelpers.photo, "missing.jpg", "--size", "200x300", "-o", scratch.path("b.png"), "--json",
        ])
        #expect(result.status == 1)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data((result.lines.first ?? "").utf8)) as? [String: Any])
        #expect(object["width"] as? Int == 200 && object["height"] as? Int == 300)
        #expect(object["cards"] as? Int == 1)  // the cards drawn: missing.jpg's was skipped
        #expect((object["failed"] as? [[String: Any]])?.first?["input"] as? String == "missing.jpg")
    }
}
