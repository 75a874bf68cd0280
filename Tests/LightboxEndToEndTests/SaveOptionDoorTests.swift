import Foundation
import Testing
import Vips

/// A hostile client's save options (`out/x.webp[profile=/etc/shadow]`) made a worker open any file
/// and embed its bytes: every door now reads brackets against Lightbox's own table, a job or a
/// manifest cannot name a profile file, and the command line's profile must be an ICC profile.
@Suite(.processes) struct SaveOptionDoorTests {
    /// A secret outside the root, and the root with a photo and an output folder in it.
    static func server(_ scratch: Scratch) throws -> String {
        try FileManager.default.createDirectory(atPath: scratch.path("root/out"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: ViewHelpers.photo, toPath: scratch.path("root/photo.jpg"))
        try Data("TOP SECRET".utf8).write(to: scratch.url.appendingPathComponent("secret.txt"))
        try Data("inside".utf8).write(to: scratch.url.appendingPathComponent("root/notes.txt"))
        return scratch.path("root")
    }

    /// (the job without its output, as JSON, the output's extension).
    static let jobs: [(String, String)] = [
        (#"{"command":"crop","input":"root/photo.jpg","rect":"0.1,0.1,0.5,0.5"}"#, "webp"),
        (#"{"command":"crop","input":"root/photo.jpg","rect":"0.1,0.1,0.5,0.5"}"#, "jpg"),
        (#"{"command":"crop","input":"root/photo.jpg","rect":"0.1,0.1,0.5,0.5"}"#, "png"),
        (#"{"command":"crop","input":"root/photo.jpg","rect":"0.1,0.1,0.5,0.5"}"#, "tif"),
        (#"{"command":"view","input":"root/photo.jpg","screen":"60x90"}"#, "webp"),
        (#"{"command":"board","photos":["root/photo.jpg"],"board":{"width":120,"height":90}}"#, "webp"),
    ]

    @Test(arguments: jobs, ["../secret.txt", "/etc/passwd", "root/notes.txt"])
    func aJobCannotNameAProfileFile(job: (String, String), profile: String) throws {
        let (text, ext) = job
        let scratch = try Scratch()
        let root = try Self.server(scratch)
        let client = try BatchClient(["-", "--root", root, "--timeout", "20"], in: scratch)
        var line = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        line["id"] = 7
        line["output"] = "root/out/x.\(ext)[profile=\(profile)]"
        try client.send(line)
        let answer = try client.answer()
        let finished = try client.finish()
        #expect(BatchClient.text(answer["status"]) == "failed", "\(answer)")
        #expect(
            BatchClient.text(answer["error"]).contains("save option profile=\(profile) is refused here"), "\(answer)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("root/out")).isEmpty)
        #expect(finished.status == 1)
    }

    /// A crop's `crops` entry and a manifest line are read by the same rule.
    @Test func aCropsEntryAndAManifestLineCannotEither() throws {
        let scratch = try Scratch()
        let root = try Self.server(scratch)
        let client = try BatchClient(["-", "--root", root], in: scratch)
        try client.send([
            "id": 1, "command": "crop", "input": "root/photo.jpg",
            "crops": [["rect": "0,0,.5,.5", "output": "root/out/a.webp[profile=../secret.txt]"]],
        ])
        #expect(BatchClient.text(try client.answer()["error"]).contains("profile=../secret.txt is refused here"))
        _ = try client.finish()
        let manifest = scratch.path("root/crops.jsonl")
        try Data(#"{"input":"photo.jpg","rect":"0,0,.5,.5","output":"m.webp[profile=/etc/passwd]"}"#.utf8)
            .write(to: URL(fileURLWithPath: manifest))
        let run = try CommandRunner.run(["crop", "--manifest", manifest, "--out-dir", scratch.path("root/out")])
        #expect(run.status == 1 && run.stderr.contains("profile=/etc/passwd is refused here"), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("root/out")).isEmpty)
    }

    /// A job's `[strip=false]` cannot widen the server's privacy: no EXIF, GPS or camera leaves.
    @Test func stripFalseKeepsTheDefaultsPrivacy() throws {
        let scratch = try Scratch()
        let root = try Self.server(scratch)
        let client = try BatchClient(["-", "--root", root], in: scratch)
        try client.send([
            "id": 1, "command": "crop", "input": "root/photo.jpg", "rect": "0,0,1,1",
            "output": "root/out/a.jpg[strip=false,Q=80]",
        ])
        #expect(BatchClient.text(try client.answer()["status"]) == "done")
        _ = try client.finish()
        let tags = try Exiftool.tags(scratch.path("root/out/a.jpg"))
        #expect(!tags.keys.contains { $0.hasPrefix("EXIF:") || $0.hasPrefix("GPS") || $0.hasPrefix("XMP") }, "\(tags)")
    }

    /// On the command line the user's own file is embedded only when it is an ICC profile, as its bytes.
    @Test(arguments: ["jpg", "webp", "png", "tif"])
    func theCommandLineEmbedsOnlyARealProfile(ext: String) throws {
        let scratch = try Scratch()
        let profile = CommandRunner.fixtures.appendingPathComponent("profiles/compatibleWithAdobeRGB1998.icc").path
        let output = scratch.path("c.\(ext)")
        let good = try CommandRunner.run([
            "crop", ViewHelpers.photo, "--rect", "0,0,.5,.5", "-o", "\(output)[profile=\(profile)]",
        ])
        #expect(good.status == 0, "\(good.stderr)")
        let embedded = try VImage.load(output).blobField("icc-profile-data")
        #expect(embedded == [UInt8](try Data(contentsOf: URL(fileURLWithPath: profile))))
        try Data(repeating: 0x41, count: 600).write(to: scratch.url.appendingPathComponent("notes.txt"))
        let text = try CommandRunner.run(
            [
                "crop", ViewHelpers.photo, "--rect", "0,0,.5,.5", "-o", scratch.path("t.\(ext)[profile=notes.txt]"),
            ], in: scratch.url)
        #expect(text.status == 64)
        #expect(text.stderr.contains("profile=notes.txt: the file is not an ICC profile (no 'acsp' signature)"))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("t.\(ext)")))
    }

    /// A FIFO named as a profile on the command line is refused at once, not waited on.
    @Test func aFIFOProfileIsNotWaitedOn() throws {
        let scratch = try Scratch()
        #expect(mkfifo(scratch.path("fifo"), 0o644) == 0)
        let result = try CommandRunner.run(
            [
                "board", ViewHelpers.photo, "--size", "100x100", "-o", scratch.path("b.webp[profile=fifo]"),
            ], in: scratch.url)
        #expect(result.status == 64 && result.stderr.contains("profile=fifo: the file is not a regular file"))
    }
}
