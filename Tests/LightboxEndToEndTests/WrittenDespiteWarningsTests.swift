import Foundation
import Testing

/// Damage that is written is said: an output written despite its decoder's warnings (a JPEG with
/// 20 KB of its middle garbled, under the default `--fail-on`) carries them in its record
/// (`warnings`, in `--json` and in the `--report` journal) and says them on stderr, once per
/// input, in every door.
@Suite(.processes) struct WrittenDespiteWarningsTests {
    @Test(arguments: [
        ["crop", "IN", "--rect", "0,0,1,1", "-o", "OUT.png"],
        ["crop", "IN", "--rect", "0,0,0.5,1", "--rect", "0.5,0,0.5,1", "-o", "OUT-{n}.png"],
        ["view", "IN", "--screen", "300x200", "-o", "OUT.png"],
    ])
    func anOutputWrittenDespiteWarningsCarriesThem(command: [String]) throws {
        let scratch = try Scratch()
        let input = try WarnedInputs.garbledJPEG(in: scratch)
        let report = scratch.path("report.jsonl")
        let arguments = command.map {
            $0 == "IN" ? input : $0.replacingOccurrences(of: "OUT", with: scratch.path("out"))
        }
        let result = try CommandRunner.run(arguments + ["--json", "--report", report])
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").map(String.init)
        #expect(warnings.count == 1, "\(result.stderr)")
        #expect(
            warnings.first?.hasPrefix("warning: \(input): \(WarnedInputs.jpegWarning) (\(scratch.path("out"))") == true,
            "\(result.stderr)")
        #expect(warnings.first?.hasSuffix(" written despite it)") == true, "\(result.stderr)")
        let records = try result.lines.map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let journal = try JournalFile.lastRun(report)
        #expect(records.count == command.filter { $0 == "--rect" }.count + (command[0] == "view" ? 1 : 0))
        for record in records + journal {
            #expect(record["status"] as? String == "done", "\(record)")
            #expect(record["warnings"] as? [String] == [WarnedInputs.jpegWarning], "\(record)")
            let output = try #require(record["output"] as? String)
            #expect(FileManager.default.fileExists(atPath: output))
        }
    }

    /// A board drawn with the photo carries its warnings named by photo.
    @Test func aBoardDrawnDespiteAPhotosWarningsCarriesThem() throws {
        let scratch = try Scratch()
        let input = try WarnedInputs.garbledJPEG(in: scratch)
        let output = scratch.path("b.png")
        let result = try CommandRunner.run(
            ["board", input, ViewHelpers.pattern, "--size", "300x300", "-o", output, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "warning: \(input): \(WarnedInputs.jpegWarning) (\(output) written despite it)\n")
        let record = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(record["status"] as? String == "done")
        #expect(record["cards"] as? Int == 2)
        #expect(record["warnings"] as? [String] == ["\(input): \(WarnedInputs.jpegWarning)"], "\(record)")
    }

    /// A lossless cut lets damaged data through only under `--fail-on none`, and then says libjpeg's warning.
    @Test func aLenientLosslessCutSaysItsWarning() throws {
        let scratch = try Scratch()
        let input = try WarnedInputs.garbledJPEG(in: scratch)
        let output = scratch.path("l.jpg")
        let result = try CommandRunner.run([
            "crop", input, "--rect", "0,0,1,1", "--lossless", "--fail-on", "none", "-o", output, "--json",
        ])
        let warning = "Corrupt JPEG data: premature end of data segment"
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "warning: \(input): \(warning) (\(output) written despite it)\n")
        #expect(result.stdout.contains(#""decoder":"lossless""#), "\(result.stdout)")
        #expect(result.stdout.contains(#""warnings":["\#(warning)"]"#), "\(result.stdout)")
    }

    /// `-q` keeps the warning off stderr; the record still carries it.
    @Test func quietKeepsItOffStderrOnly() throws {
        let scratch = try Scratch()
        let input = try WarnedInputs.garbledJPEG(in: scratch)
        let result = try CommandRunner.run([
            "crop", input, "--rect", "0,0,1,1", "-o", scratch.path("o.jpg"), "-q", "--json",
        ])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.contains(#""warnings":["\#(WarnedInputs.jpegWarning)"]"#), "\(result.stdout)")
    }

    /// `--fail-on warning` refuses the same file, with libjpeg's warning as its reason.
    @Test func failOnWarningRefusesIt() throws {
        let scratch = try Scratch()
        let input = try WarnedInputs.garbledJPEG(in: scratch)
        let result = try CommandRunner.run([
            "crop", input, "--rect", "0,0,1,1", "-o", scratch.path("o.png"), "--fail-on", "warning",
        ])
        #expect(result.status == 1)
        #expect(result.stderr == "error: \(input): \(WarnedInputs.jpegWarning)\n")
    }

    /// A batch answer carries the warnings: a one-crop job's in its `warnings`, a job of several
    /// crops' in each crop's.
    @Test func aBatchAnswerCarriesThem() throws {
        let scratch = try Scratch()
        _ = try WarnedInputs.garbledJPEG(in: scratch)
        let client = try BatchClient(["--jobs", "1"], in: scratch)
        try client.send(["id": 1, "command": "crop", "input": "garbled.jpg", "rect": "0,0,1,1", "output": "a.png"])
        let single = try client.answer()
        #expect(single["status"] as? String == "done")
        #expect(single["warnings"] as? [String] == [WarnedInputs.jpegWarning], "\(single)")
        try client.send([
            "id": 2, "command": "crop", "input": "garbled.jpg",
            "crops": [["rect": "0,0,0.5,1", "output": "b.png"], ["rect": "0.5,0,0.5,1", "output": "c.png"]],
        ])
        let several = try client.answer()
        let crops = try #require(several["crops"] as? [[String: Any]])
        #expect(crops.count == 2)
        #expect(crops.allSatisfy { $0["warnings"] as? [String] == [WarnedInputs.jpegWarning] }, "\(several)")
        let end = try client.finish()
        #expect(end.status == 0)
        #expect(!end.stderr.contains("warning:"), "\(end.stderr)")
    }
}
