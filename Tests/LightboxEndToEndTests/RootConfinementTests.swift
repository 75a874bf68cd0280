import Foundation
import Testing
import Vips

/// `--root`: every input and output of a job must resolve inside the roots; a job that breaks the
/// rule fails alone, naming the path and the rule, and nothing outside the roots is opened or made.
@Suite(.processes) struct RootConfinementTests {
    /// The coordinate pattern (640x480): each pixel stores where it came from.
    static let pattern = CommandRunner.fixtures.appendingPathComponent("pattern.png")

    /// `root/in/p.png` and `outside/secret.png` (both the pattern) in `scratch`, with links out of
    /// the root (`root/in/link.png`, the folder `root/escape`) and one within it (`root/in/same.png`);
    /// returns the root's real path, as messages name it.
    static func tree(_ scratch: Scratch) throws -> String {
        for folder in ["root/in", "outside"] {
            try FileManager.default.createDirectory(atPath: scratch.path(folder), withIntermediateDirectories: true)
        }
        _ = try scratch.copy(pattern, as: "root/in/p.png")
        _ = try scratch.copy(pattern, as: "outside/secret.png")
        let links = [
            ("root/in/link.png", "../../outside/secret.png"), ("root/escape", "../outside"),
            ("root/in/same.png", "p.png"),
        ]
        for (link, target) in links {
            try FileManager.default.createSymbolicLink(atPath: scratch.path(link), withDestinationPath: target)
        }
        return URL(fileURLWithPath: scratch.path("root")).resolvingSymlinksInPath().path
    }

    /// A crop job of the pattern's centre quarter.
    static func crop(_ id: String, _ input: String, _ output: String) -> [String: Any] {
        ["id": id, "command": "crop", "input": input, "rect": "0.5,0.5,0.25,0.25", "output": output]
    }

    /// Whether the crop at `path` starts at the pattern's centre and is 160x120.
    static func isCentreQuarter(_ path: String) throws -> Bool {
        let image = try VImage.load(path)
        let corner = try PatternPixel.source(in: image, x: 0, y: 0)
        return image.width == 160 && image.height == 120 && corner == (320, 240)
    }

    @Test func aBatchFailsEachEscapeAloneAndDoesEveryGoodJob() throws {
        let scratch = try Scratch()
        let root = try Self.tree(scratch)
        let reads = "resolves outside the read roots (--root \(root))"
        let writes = "resolves outside the write roots (--root \(root))"
        let secret = scratch.path("outside/secret.png")
        let jobs: [([String: Any], String?)] = [
            (Self.crop("good-1", "root/in/p.png", "root/out/1.png"), nil),
            (
                Self.crop("dot-dot", "root/in/../../outside/secret.png", "root/out/2.png"),
                "root/in/../../outside/secret.png: \(reads)"
            ),
            (Self.crop("good-2", "root/in/same.png", "root/out/deeper/2.png"), nil),
            (Self.crop("absolute", secret, "root/out/3.png"), "\(secret): \(reads)"),
            (
                Self.crop("link", "root/in/link.png", "root/out/4.png"),
                "root/in/link.png: \(reads) through a symbolic link"
            ),
            (Self.crop("good-3", scratch.path("root/in/p.png"), scratch.path("root/out/3.png")), nil),
            (Self.crop("output", "root/in/p.png", "outside/made/5.png"), "outside/made/5.png: \(writes)"),
            (
                Self.crop("output-link", "root/in/p.png", "root/escape/6.png"),
                "root/escape/6.png: \(writes) through a symbolic link"
            ),
            (
                [
                    "id": "view-link", "command": "view", "input": "root/in/link.png", "screen": [80, 60],
                    "output": "root/out/v.png",
                ], "root/in/link.png: \(reads)"
            ),
            (
                [
                    "id": "board-out", "command": "board", "board": [200, 200],
                    "photos": [["id": "x", "path": secret]], "output": "root/out/b.png",
                ], "\(secret): \(reads)"
            ),
            (
                [
                    "id": "board-background", "command": "board", "board": [200, 200], "background": secret,
                    "photos": [["id": "x", "path": "root/in/p.png"]], "output": "root/out/bb.png",
                ], "\(secret): \(reads)"
            ),
            (
                [
                    "id": "good-view", "command": "view", "input": "root/in/p.png", "screen": [320, 240],
                    "output": "root/out/v.png",
                ], nil
            ),
            (
                [
                    "id": "good-board", "command": "board", "board": [200, 200],
                    "photos": [["id": "x", "path": "root/in/p.png"]], "output": "root/out/b.png",
                ], nil
            ),
        ]
        let client = try BatchClient(["--root", "root", "--jobs", "2"], in: scratch)
        for (job, _) in jobs { try client.send(job) }
        var answers: [String: [String: Any]] = [:]
        for _ in jobs {
            let answer = try client.answer()
            answers[answer["id"] as? String ?? ""] = answer
        }
        for (job, expected) in jobs {
            let id = job["id"] as? String ?? ""
            let answer = try #require(answers[id], "\(id)")
            if let expected {
                #expect(answer["status"] as? String == "failed", "\(id): \(answer)")
                #expect((answer["error"] as? String ?? "").contains(expected), "\(id): \(answer)")
            } else {
                #expect(answer["status"] as? String == "done", "\(id): \(answer)")
            }
        }
        #expect(try client.finish().status == 1)
        for output in ["root/out/1.png", "root/out/deeper/2.png", "root/out/3.png"] {
            #expect(try Self.isCentreQuarter(scratch.path(output)), "\(output)")
        }
        let centre = try PatternPixel.source(in: VImage.load(scratch.path("root/out/v.png")), x: 160, y: 120)
        #expect(abs(centre.x - 320) <= 1 && abs(centre.y - 240) <= 1)
        #expect(try VImage.load(scratch.path("root/out/b.png")).width == 200)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("outside")) == ["secret.png"])
        #expect(try scratch.contents() == ["outside", "root"])
    }

    @Test func aManifestRunDoesItsLinesInsideAndRefusesTheRest() throws {
        let scratch = try Scratch()
        let root = try Self.tree(scratch)
        let manifest = """
            input,x,y,width,height,output
            in/p.png,0.5,0.5,0.25,0.25,a.png
            ../outside/secret.png,0.5,0.5,0.25,0.25,b.png
            in/link.png,0.5,0.5,0.25,0.25,c.png
            \(scratch.path("outside/secret.png")),0.5,0.5,0.25,0.25,d.png
            in/same.png,0.5,0.5,0.25,0.25,e.png
            """
        try Data(manifest.utf8).write(to: URL(fileURLWithPath: scratch.path("root/crops.csv")))
        let result = try CommandRunner.run(
            ["crop", "--manifest", "root/crops.csv", "--out-dir", "root/out", "--root", "root"], in: scratch.url)
        #expect(result.status == 1)
        let rule = "resolves outside the read roots (--root \(root))"
        #expect(
            result.stderr.contains("error: root/crops.csv:3: root/../outside/secret.png: \(rule)\n"), "\(result.stderr)"
        )
        #expect(result.stderr.contains("error: root/crops.csv:4: root/in/link.png: \(rule) through a symbolic link\n"))
        #expect(result.stderr.contains("error: root/crops.csv:5: \(scratch.path("outside/secret.png")): \(rule)\n"))
        #expect(result.stderr.contains("2 done, 3 failed"))
        #expect(
            try Self.isCentreQuarter(scratch.path("root/out/a.png"))
                && Self.isCentreQuarter(scratch.path("root/out/e.png")))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.path("root/out")).sorted() == [
                "a.png", "e.png",
            ])
        let outside = try CommandRunner.run(
            ["crop", "--manifest", "root/crops.csv", "--out-dir", "outside/made", "--root", "root"], in: scratch.url)
        #expect(outside.status == 73)
        #expect(outside.stderr == "error: outside/made: --out-dir resolves outside the write roots (--root \(root))\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("outside")) == ["secret.png"])
    }

    @Test func readAndWriteRootsKeepInputsAndOutputsApart() throws {
        let scratch = try Scratch()
        _ = try Self.tree(scratch)
        try FileManager.default.createDirectory(atPath: scratch.path("root/out"), withIntermediateDirectories: true)
        _ = try scratch.copy(Self.pattern, as: "root/out/old.png")
        let client = try BatchClient(["--read-root", "root/in", "--write-root", "root/out"], in: scratch)
        try client.send(Self.crop("good", "root/in/p.png", "root/out/good.png"))
        #expect(try client.answer()["status"] as? String == "done")
        try client.send(Self.crop("from-out", "root/out/old.png", "root/out/x.png"))
        #expect(
            (try client.answer()["error"] as? String ?? "").contains("resolves outside the read roots (--read-root "))
        try client.send(Self.crop("into-in", "root/in/p.png", "root/in/x.png"))
        #expect(
            (try client.answer()["error"] as? String ?? "").contains("resolves outside the write roots (--write-root "))
        #expect(try client.finish().status == 1)
        #expect(try Self.isCentreQuarter(scratch.path("root/out/good.png")))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("root/in/x.png")))
    }

    /// The HEIF tile path and the JPEG region decoder read the pinned file under `--root` too, with the same pixels.
    @Test(arguments: ["heif/grid-plain.heic", "photo.jpg"])
    func theFastDecodersServeInputsUnderRoots(name: String) throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("root"), withIntermediateDirectories: true)
        let suffix = URL(fileURLWithPath: name).pathExtension
        let input = try scratch.copy(CommandRunner.fixtures.appendingPathComponent(name), as: "root/in.\(suffix)")
        let crop = ["crop", input, "--rect", "0.1,0.2,0.3,0.3", "--json", "-o"]
        let rooted = try CommandRunner.run(crop + [scratch.path("root/a.png"), "--root", "root"], in: scratch.url)
        let free = try CommandRunner.run(crop + [scratch.path("b.png")], in: scratch.url)
        #expect(rooted.status == 0 && free.status == 0, "\(rooted.stderr)")
        let record = try JSONSerialization.jsonObject(with: Data(rooted.stdout.utf8)) as? [String: Any]
        #expect(record?["decoder"] as? String != "libvips", "\(rooted.stdout)")
        let unrooted = try JSONSerialization.jsonObject(with: Data(free.stdout.utf8)) as? [String: Any]
        #expect(record?["decoder"] as? String == unrooted?["decoder"] as? String)
        let difference = try ImageDifference.maximum(
            VImage.load(scratch.path("root/a.png")), VImage.load(scratch.path("b.png")))
        #expect(difference == 0)
    }

    @Test(arguments: [
        (["--read-root", "."], "--read-root needs --write-root or --root (where outputs go)"),
        (["--write-root", "."], "--write-root needs --read-root or --root (where inputs are)"),
        (["--root", "no-such-folder"], "--root 'no-such-folder': cannot read it (No such file or directory)"),
        (["--max-memory", "10"], "expected 0 (no limit) or megabytes from 16 to 1048576"),
    ])
    func badRootsAndLimitsAreUsageErrors(arguments: [String], message: String) throws {
        let scratch = try Scratch()
        let result = try CommandRunner.run(["batch"] + arguments + ["-"], in: scratch.url)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
