import Foundation
import Testing
import Vips

/// `lightbox crop` (and `view`) over the hostile-input corpus: one-line errors naming the file, exit codes, no partial files.
@Suite(.processes) struct HostileCropTests {
    /// (command, its arguments besides input and output, the output width when fixed by the command).
    static let commands: [(String, [String], Int?)] = [
        ("crop", ["--rect", "0,0,1,1"], nil), ("view", ["--screen", "40x30"], 40),
    ]

    @Test(arguments: commands)
    func everyCorpusInputGivesAnImageOrAOneLineError(command: String, arguments: [String], fixedWidth: Int?) throws {
        let scratch = try Scratch()
        let corpus = try HostileCorpus.make(in: scratch)
        for (name, width) in HostileCorpus.good {
            let output = scratch.path("good-\(name).png")
            let result = try CommandRunner.run([command, "\(corpus)/\(name)"] + arguments + ["-o", output])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(try VImage.load(output).width == fixedWidth ?? width, "\(name)")
        }
        for name in HostileCorpus.bad {
            let output = scratch.path("bad-\(name).png")
            let result = try CommandRunner.run([command, "\(corpus)/\(name)"] + arguments + ["-o", output])
            #expect(result.status == 1, "\(name)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].hasPrefix("error: \(corpus)/\(name): "), "\(name): \(result.stderr)")
            if name == "empty.jpg" {
                #expect(lines.first == "error: \(corpus)/\(name): is empty (0 bytes), not an image")
            }
            #expect(!FileManager.default.fileExists(atPath: output), "\(name) left an output")
        }
        #expect(try scratch.contents().allSatisfy { !$0.hasPrefix(".") })
    }

    @Test func aBatchOverTheWholeCorpusDoesTheGoodItems() throws {
        let scratch = try Scratch()
        let corpus = try HostileCorpus.make(in: scratch)
        let names = HostileCorpus.good.map(\.0) + HostileCorpus.bad
        let manifest = scratch.path("all.csv")
        try Data((["input,x,y,width,height"] + names.map { "corpus/\($0),0,0,1,1" }).joined(separator: "\n").utf8)
            .write(to: URL(fileURLWithPath: manifest))
        let out = scratch.path("out")
        let result = try CommandRunner.run(["crop", "--manifest", manifest, "--out-dir", out, "--jobs", "2"])
        #expect(result.status == 1)
        #expect(result.stderr.hasSuffix("4 done, 7 failed, 0 skipped\n"), "\(result.stderr)")
        // Default names keep the input's folder relative to the manifest.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: out + "/corpus").sorted() == [
                "animated-1.gif", "cmyk-1.jpg", "deep16-1.png", "one-1.png",
            ])
        _ = corpus
    }

    /// (manifest in the corpus, the problems expected on stderr, items done).
    static let manifests: [(String, [String], Int)] = [
        ("bad-utf8.csv", [":3: invalid UTF-8"], 1),
        ("long-line.csv", [":2: "], 1),
        ("numbers.jsonl", [":1: rect: x is not a finite number", ":2: rect: the rect lies outside the image"], 1),
        ("repeated.csv", [":3: output: "], 1),
    ]

    @Test(arguments: manifests)
    func hostileManifests(name: String, problems: [String], done: Int) throws {
        let scratch = try Scratch()
        let corpus = try HostileCorpus.make(in: scratch)
        let result = try CommandRunner.run([
            "crop", "--manifest", "\(corpus)/\(name)", "--out-dir", scratch.path("out"),
        ])
        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        #expect(errors.count == problems.count, "\(result.stderr.prefix(2000))")
        for problem in problems {
            #expect(errors.contains { $0.hasPrefix("error: \(corpus)/\(name)\(problem)") }, "\(problem)")
        }
        #expect(errors.allSatisfy { $0.count < 1_100 })
        #expect(result.stderr.hasSuffix("\(done) done, \(problems.count) failed, 0 skipped\n"))
    }

    @Test(.enabled(if: HostileCorpus.canMount, "needs root to mount a tmpfs"))
    func fullDiskAndReadOnlyFoldersLeaveNothingBehind() throws {
        let scratch = try Scratch()
        let photo = CommandRunner.orientationPhotos.appendingPathComponent("Landscape_1.jpg").path
        for (options, expected) in [("size=64k", "No space left"), ("ro", "is not writable (Read-only file system)")] {
            let mount = scratch.path("mount-\(options)")
            try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
            #expect(HostileCorpus.run("/bin/mount", ["-t", "tmpfs", "-o", options, "tmpfs", mount]) == 0)
            defer { HostileCorpus.run("/bin/umount", [mount]) }
            let result = try CommandRunner.run(["crop", photo, "--rect", "0,0,1,1", "-o", "\(mount)/out.png"])
            #expect(result.status == 1, "\(options)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(result.stderr.hasPrefix("error: \(mount)/out.png: "), "\(result.stderr)")
            #expect(result.stderr.contains(expected))
            #expect(try FileManager.default.contentsOfDirectory(atPath: mount).isEmpty, "\(options) left a file")
        }
    }
}
