import Foundation
import Testing
import Vips

/// The folders made for an output that then fails (its input cannot be read, or the write is
/// refused: over the format's size) are removed again; a folder that was there before, or that
/// holds another output of the run, stays.
@Suite(.processes) struct FailedOutputFolderTests {
    /// How an output fails: (its input, its extension, the end of its error).
    static let failures: [(input: String, ext: String, error: String)] = [
        ("bad.jpg", "jpg", "bad.jpg: is not an image (it starts with text)"),
        ("wide.png", "webp", "40000x4 is over the 16383 pixels a side a WebP can hold"),
    ]

    /// The doors: a rooted batch, a plain batch, a crop manifest.
    static let doors = ["batch --root", "batch", "manifest"]

    /// A scratch with `a.jpg`, a damaged `bad.jpg`, a 40000x4 `wide.png` and an empty folder `there`.
    static func scratch() throws -> Scratch {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg"])
        try Data("not an image\n".utf8).write(to: scratch.url.appendingPathComponent("bad.jpg"))
        try VImage.filled(width: 40000, height: 4, color: [90, 120, 200]).save(
            to: scratch.path("wide.png"), saver: "pngsave")
        try FileManager.default.createDirectory(atPath: scratch.path("there"), withIntermediateDirectories: false)
        return scratch
    }

    /// The crops: (input, output), the one from `a.jpg` written, the others failing.
    static func crops(_ input: String, _ ext: String) -> [(String, String)] {
        [
            (input, "new/deep/x.\(ext)"), (input, "there/x.\(ext)"), ("a.jpg", "made/ok.jpg"),
            (input, "made/sub/y.\(ext)"),
        ]
    }

    @Test(arguments: doors, failures.indices)
    func foldersMadeForAFailedOutputAreRemoved(door: String, failure: Int) throws {
        let (input, ext, error) = Self.failures[failure]
        let scratch = try Self.scratch()
        let crops = Self.crops(input, ext)
        let errors = try door == "manifest" ? Self.manifest(crops, in: scratch) : Self.batch(crops, door, in: scratch)
        // A manifest's crops of one input are one job: its input's failure is said once.
        #expect(!errors.isEmpty && errors.allSatisfy { $0.contains(error) }, "\(errors)")
        #expect(try scratch.contents() == ["a.jpg", "bad.jpg", "made", "there", "wide.png"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("made")) == ["ok.jpg"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("there")).isEmpty)
        let image = try VImage.load(scratch.path("made/ok.jpg"))
        #expect(image.width == 1800 && image.height == 1200)
        #expect(try image.average() > 0)
    }

    /// Runs `crops` through a crop manifest (removed after); returns the `error:` lines.
    static func manifest(_ crops: [(String, String)], in scratch: Scratch) throws -> [String] {
        let lines = crops.map { "\($0.0),0,0,1,1,\($0.1)" }
        let manifest = try scratch.write(
            (["input,x,y,width,height,output"] + lines).joined(separator: "\n"), to: "m.csv")
        let result = try CommandRunner.run(["crop", "--manifest", manifest, "--out-dir", "."], in: scratch.url)
        #expect(result.status == 1 && result.stderr.hasSuffix("1 done, 3 failed, 0 skipped\n"), "\(result.stderr)")
        try FileManager.default.removeItem(atPath: manifest)
        return result.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }.map(String.init)
    }

    /// Runs `crops` as batch jobs (`--root .` for the rooted door); returns the failed answers' errors.
    static func batch(_ crops: [(String, String)], _ door: String, in scratch: Scratch) throws -> [String] {
        let jobs = crops.enumerated().map { index, crop in
            BatchPolicyTests.job("crop", "\(index)", output: crop.1, ["input": crop.0, "rect": "0,0,1,1"])
        }
        let arguments = door == "batch --root" ? ["--root", "."] : []
        let answers = try BatchPolicyTests.answers(jobs, arguments: arguments, in: scratch)
        return answers.values.filter { $0["status"] as? String == "failed" }.map { BatchClient.text($0["error"]) }
    }
}
