import Foundation
import Testing
import Vips

/// Skipping never becomes replacing: `skipExisting` (and `--resume`, for an output its journal
/// does not know) leaves a whole image of the output's format as it is, and fails the job on
/// anything else found there (a text file, a cut or read-only image, another format, a FIFO),
/// which stays as it was; only `--force` replaces it. A FIFO is never opened for reading.
@Suite(.processes) struct SkipExistingSafetyTests {
    /// What each test puts at an output before the job, and the end of the failure it gives.
    static let squatters: [(output: String, reason: String)] = [
        ("text.jpg", "is not a JPEG image"),
        ("readonly.png", "is not a whole PNG image"),
        ("jpeg.png", "is not a PNG image"),
        ("fifo.jpg", "is not a regular file"),
    ]

    /// Fills `scratch` with the input `a.jpg`, each squatter, and a whole PNG `whole.png`.
    static func squat(_ scratch: Scratch) throws {
        try WorkerCrashTests.inputs(scratch, ["a.jpg", "jpeg.png"])
        try Data("not an image\n".utf8).write(to: scratch.url.appendingPathComponent("text.jpg"))
        let png = try VImage.filled(width: 64, height: 48, color: [200, 40, 90])
        try png.save(to: scratch.path("whole.png"), saver: "pngsave")
        let bytes = try Data(contentsOf: scratch.url.appendingPathComponent("whole.png"))
        try bytes.prefix(bytes.count / 2).write(to: scratch.url.appendingPathComponent("readonly.png"))
        #expect(chmod(scratch.path("readonly.png"), 0o444) == 0)
        #expect(mkfifo(scratch.path("fifo.jpg"), 0o644) == 0)
    }

    /// The bytes of every squatter and of `whole.png` (a FIFO's: empty), by name.
    static func snapshot(_ scratch: Scratch) -> [String: Data] {
        var found: [String: Data] = [:]
        for name in squatters.map(\.output) + ["whole.png"] where !isFIFO(scratch.path(name)) {
            found[name] = FileManager.default.contents(atPath: scratch.path(name))
        }
        return found
    }

    /// Whether `path` is a FIFO (looked at with `lstat`, never opened).
    static func isFIFO(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
    }

    @Test(arguments: ["crop", "view", "board"], [true, false])
    func whatIsNotAWholeImageOfItsFormatFailsTheJobAndStaysAsItWas(command: String, rooted: Bool) throws {
        let scratch = try Scratch()
        try Self.squat(scratch)
        let before = Self.snapshot(scratch)
        let outputs = Self.squatters.map(\.output) + ["whole.png", "missing.png"]
        let answers = try BatchPolicyTests.answers(
            outputs.map { BatchPolicyTests.job(command, $0, output: $0, ["skipExisting": true]) },
            arguments: ["--timeout", "20"] + (rooted ? ["--root", "."] : []), in: scratch)
        for (output, reason) in Self.squatters {
            let answer = answers[output] ?? [:]
            #expect(answer["status"] as? String == "failed", "\(answer)")
            #expect(
                BatchClient.text(answer["error"]).hasSuffix(
                    "\(output): output exists and \(reason); --force replaces it"), "\(answer)")
        }
        #expect(answers["whole.png"]?["status"] as? String == "skipped")
        #expect(answers["missing.png"]?["status"] as? String == "done")
        #expect(Self.snapshot(scratch) == before)
        #expect(Self.isFIFO(scratch.path("fifo.jpg")))
        let mode = try FileManager.default.attributesOfItem(atPath: scratch.path("readonly.png"))[.posixPermissions]
        #expect(mode as? Int == 0o444)
        #expect(try VImage.load(scratch.path("missing.png")).average() > 0)
    }

    @Test(arguments: ["crop", "view", "board"])
    func forceReplacesWhatSkipExistingRefuses(command: String) throws {
        let scratch = try Scratch()
        try Self.squat(scratch)
        let whole = Self.snapshot(scratch)["whole.png"]
        let outputs = Self.squatters.map(\.output) + ["whole.png"]
        let answers = try BatchPolicyTests.answers(
            outputs.map { BatchPolicyTests.job(command, $0, output: $0, ["skipExisting": true]) },
            arguments: ["--force", "--root", "."], in: scratch)
        for output in Self.squatters.map(\.output) {
            #expect(answers[output]?["status"] as? String == "done", "\(answers[output] ?? [:])")
            let image = try VImage.load(scratch.path(output))
            #expect(try image.average() > 0)
            let magic = try #require(FileManager.default.contents(atPath: scratch.path(output))).prefix(2)
            #expect(magic == Data(output.hasSuffix(".png") ? [0x89, 0x50] : [0xFF, 0xD8]), "\(output)")
        }
        #expect(answers["whole.png"]?["status"] as? String == "skipped")
        #expect(FileManager.default.contents(atPath: scratch.path("whole.png")) == whole)
    }

    /// `--resume` without a journal meets every output on disk unrecorded: the same rule holds,
    /// and `--force` (which now goes with `--resume`) replaces them.
    @Test
    func resumeLeavesWhatItsJournalDoesNotKnowUnlessForced() throws {
        let scratch = try Scratch()
        try Self.squat(scratch)
        let before = Self.snapshot(scratch)
        let lines = Self.squatters.map { "a.jpg,0.25,0.25,0.5,0.5,\($0.output)" } + ["a.jpg,0,0,0.5,0.5,new.jpg"]
        let manifest = try scratch.write(
            (["input,x,y,width,height,output"] + lines).joined(separator: "\n") + "\n", to: "crops.csv")
        let arguments = ["crop", "--manifest", manifest, "--out-dir", ".", "--resume"]
        let refused = try CommandRunner.run(arguments, in: scratch.url)
        #expect(refused.status == 1)
        for (number, (output, reason)) in Self.squatters.enumerated() {
            let line = "error: \(manifest):\(number + 2): ./\(output): output exists and \(reason); --force replaces it"
            #expect(refused.stderr.contains(line + "\n"), "\(refused.stderr)")
        }
        #expect(refused.stderr.hasSuffix("1 done, 4 failed, 0 skipped\n"), "\(refused.stderr)")
        #expect(Self.snapshot(scratch) == before && Self.isFIFO(scratch.path("fifo.jpg")))
        let forced = try CommandRunner.run(arguments + ["--force"], in: scratch.url)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stderr.hasSuffix("4 done, 0 failed, 1 skipped\n"), "\(forced.stderr)")
        for output in Self.squatters.map(\.output) {
            #expect(try VImage.load(scratch.path(output)).average() > 0, "\(output)")
        }
    }
}
