import Foundation
import Testing
import Vips

/// `view` and `board` decode in workers too: a crash or hang costs one snapshot or one card.
@Suite(.processes) struct WorkerViewBoardTests {
    @Test(arguments: [("crash", "the decoder crashed (SIGSEGV)"), ("hang", "timed out after 2 s")])
    func aSingleViewFailsWithOneLineAndNoFile(fault: String, reason: String) throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg", "scan.jpg"])
        let result = try CommandRunner.run(
            ["view", "a.jpg", "scan.jpg", "--page", "1", "--screen", "100x100", "-o", "shot.png", "--timeout", "2"],
            in: scratch.url, environment: ["LIGHTBOX_FAULT": "\(fault):scan.jpg"]
        )
        #expect(result.status == 1)
        #expect(result.stderr == "error: scan.jpg: \(reason)\n")
        #expect(try scratch.contents() == ["a.jpg", "scan.jpg"])
    }

    @Test func aViewManifestDoesEveryOtherLineAndReportsTheFailures() throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        let lines = ["a", "b", "c", "d"].map { "{\"input\":\"\($0).jpg\",\"output\":\"\($0).png\"}" }
        try Data(lines.joined(separator: "\n").utf8).write(to: scratch.url.appendingPathComponent("states.jsonl"))
        let result = try CommandRunner.run(
            [
                "view", "--manifest", "states.jsonl", "--out-dir", "out", "--screen", "90x60", "--timeout", "2",
                "--json", "--jobs", "2",
            ],
            in: scratch.url, environment: ["LIGHTBOX_FAULT": "torn:b.jpg,hang:c.jpg"]
        )
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("error: states.jsonl:2: b.jpg: the decoder crashed (SIGSEGV)\n"), "\(result.stderr)")
        #expect(result.stderr.contains("error: states.jsonl:3: c.jpg: timed out after 2 s\n"), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("2 done, 2 failed, 0 skipped\n"))
        let records = try result.lines.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let failed = records.filter { $0["status"] as? String == "failed" }.compactMap { $0["output"] as? String }
            .sorted()
        #expect(failed == ["out/b.png", "out/c.png"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.path("out")).sorted() == ["a.png", "d.png"])
        #expect(try VImage.load(scratch.path("out/d.png")).width == 90)
    }

    /// Runs a board of three solid photos in `folder`, `middle` being the second photo's file.
    private static func board(
        _ scratch: Scratch, folder: String, middle: (String) throws -> Void, extra: [String], fault: String?
    ) throws -> CommandRunner.Result {
        let dir = scratch.url.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let sub = try Scratch()
        for (name, color) in [("red.png", [255.0, 0, 0]), ("blue.png", [0.0, 0, 255])] {
            let made = try BoardFixture.solidPhoto(sub, name, color: color)
            try FileManager.default.copyItem(atPath: made, toPath: dir.appendingPathComponent(name).path)
        }
        try middle(dir.appendingPathComponent("green.png").path)
        return try CommandRunner.run(
            ["board", "red.png", "green.png", "blue.png", "--size", "400x300", "-o", "board.png", "--timeout", "6"]
                + extra,
            in: dir, environment: fault.map { ["LIGHTBOX_FAULT": $0] } ?? [:]
        )
    }

    /// The board is drawn in a worker under the same `--timeout` as its photos: 6 s leaves a loaded
    /// machine room to draw it, so only the hung photo runs out.
    @Test(arguments: [("crash", "the decoder crashed (SIGSEGV)"), ("hang", "timed out after 6 s")], [false, true])
    func aCardWhosePhotoCrashesIsTreatedAsAnUnreadablePhoto(fault: (String, String), placeholder: Bool) throws {
        let scratch = try Scratch()
        let extra = placeholder ? ["--placeholder"] : []
        let green: (String) throws -> Void = { path in
            let sub = try Scratch()
            try FileManager.default.copyItem(
                atPath: try BoardFixture.solidPhoto(sub, "green.png", color: [0, 255, 0]), toPath: path)
        }
        let crashed = try WorkerViewBoardTests.board(
            scratch, folder: "crashed", middle: green, extra: extra, fault: "\(fault.0):green.png")
        let empty = try WorkerViewBoardTests.board(
            scratch, folder: "empty", middle: { _ = FileManager.default.createFile(atPath: $0, contents: nil) },
            extra: extra, fault: nil)
        #expect(crashed.status == (placeholder ? 0 : 1))
        let line =
            placeholder
            ? "warning: green.png: \(fault.1) (drawn as an empty card)\n"
            : "error: green.png: \(fault.1) (card skipped)\n"
        #expect(crashed.stderr == line)
        let drawn = try Data(contentsOf: scratch.url.appendingPathComponent("crashed/board.png"))
        let expected = try Data(contentsOf: scratch.url.appendingPathComponent("empty/board.png"))
        #expect(drawn == expected, "the board differs from one whose middle photo is unreadable")
        #expect(empty.status == crashed.status)
    }
}
