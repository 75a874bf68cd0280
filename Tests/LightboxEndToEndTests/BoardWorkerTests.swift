import Foundation
import Testing
import Vips

/// A board is drawn and written in a worker under the job's timeout and memory limit, its
/// background read by the rule of every input: a hostile board costs one answer, never the server.
@Suite(.processes) struct BoardWorkerTests {
    /// A board job of `photos` over `background` to `output`.
    static func board(_ id: Int, background: String? = nil, output: String) -> [String: Any] {
        var job: [String: Any] = [
            "id": id, "command": "board", "photos": [["id": "a", "path": "in/a.jpg"]],
            "board": ["width": 160, "height": 120], "output": output,
        ]
        job["background"] = background
        return job
    }

    /// The root `in/` with a photo and `out/` in `scratch`.
    static func root(_ scratch: Scratch) throws {
        try FileManager.default.createDirectory(atPath: scratch.path("in"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch.path("out"), withIntermediateDirectories: true)
        _ = try scratch.copy(CommandRunner.fixtures.appendingPathComponent("photo.jpg"), as: "in/a.jpg")
    }

    /// A background that hangs its worker (after leaving a half-written temp file beside the
    /// output) is timed out and answered; the other job is done, the server ends at end of input,
    /// and no partial file is left.
    @Test func aHangingBoardIsTimedOutAndTheOthersGoOn() throws {
        let scratch = try Scratch()
        try Self.root(scratch)
        _ = try scratch.copy(CommandRunner.fixtures.appendingPathComponent("photo.jpg"), as: "in/bg.jpg")
        let client = try BatchClient(
            ["-", "--root", ".", "--jobs", "2", "--timeout", "3"], in: scratch,
            environment: ["LIGHTBOX_FAULT": "hang:bg.jpg"])
        try client.send(Self.board(1, background: "in/bg.jpg", output: "out/hung.png"))
        try client.send(Self.board(2, output: "out/fine.png"))
        let answers = try [client.answer(), client.answer()]
        let end = try client.finish()
        let byID = Dictionary(uniqueKeysWithValues: answers.map { ("\($0["id"] ?? "")", $0) })
        #expect(BatchClient.text(byID["1"]?["status"]) == "failed")
        let reason = BatchClient.text(byID["1"]?["error"])
        #expect(reason.contains("3 s"), "\(reason)")
        #expect(BatchClient.text(byID["2"]?["status"]) == "done")
        #expect(end.status == 1)
        #expect(scratch.files(under: "out") == ["fine.png"])
        #expect(try VImage.load(scratch.path("out/fine.png")).width == 160)
    }

    /// Every file a board reads is refused from its header as a photo, a crop or a view input is:
    /// a background over `--max-pixels`, a PNG or JPEG claiming 10 gigapixels, a huge SVG.
    @Test(arguments: ["big.png", "bomb.png", "claims.jpg", "huge.svg"])
    func aBackgroundIsReadByTheInputRule(name: String) throws {
        let scratch = try Scratch()
        try Self.root(scratch)
        try Self.make(name, at: scratch.path("in/\(name)"))
        let limit = name == "big.png" ? ["--max-pixels", "100000"] : []
        let client = try BatchClient(["-", "--root", ".", "--timeout", "20"] + limit, in: scratch)
        try client.send(Self.board(1, background: "in/\(name)", output: "out/b.png"))
        let answer = try client.answer()
        _ = try client.finish()
        #expect(BatchClient.text(answer["status"]) == "failed", "\(answer)")
        let error = BatchClient.text(answer["error"])
        #expect(error.contains("in/\(name)") && error.contains("over the limit of"), "\(error)")
        #expect(scratch.files(under: "out").isEmpty)
    }

    /// A 1 GB sparse file inside the root as a background: the worker refuses it, and the
    /// supervisor, which reads none of a job's files, stays far under its ceiling.
    @Test func aHugeBackgroundCostsTheSupervisorNothing() throws {
        let scratch = try Scratch()
        try Self.root(scratch)
        let sparse = open(scratch.path("in/sparse.png"), O_CREAT | O_WRONLY, 0o644)
        #expect(sparse >= 0 && ftruncate(sparse, 1 << 30) == 0)
        close(sparse)
        let watched = try BatchLimitTests.Watched(["-", "--root", ".", "--timeout", "20"], in: scratch)
        watched.feed {
            [BatchLimitTests.line(Self.board(1, background: "in/sparse.png", output: "out/s.webp"))]
        }
        let end = try watched.finish()
        #expect(end.answers.map { $0["status"] as? String } == ["failed"])
        #expect(end.peak > 0 && end.peak < 128 * 1024, "supervisor peak \(end.peak) KB")
    }

    /// Makes the hostile background `name` at `path`.
    static func make(_ name: String, at path: String) throws {
        switch name {
        case "big.png": try VImage.filled(width: 6000, height: 6000, color: [9, 9, 9]).save(to: path, saver: "pngsave")
        case "bomb.png":
            try CropSafetyTests.bombPNG(width: 100_000, height: 100_000).write(to: URL(fileURLWithPath: path))
        case "claims.jpg":
            let small = path + ".small.jpg"
            try VImage.filled(width: 16, height: 16, color: [9, 9, 9]).save(to: small, saver: "jpegsave")
            var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: small)))
            let sof = try #require(bytes.indices.dropLast().first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
            bytes.replaceSubrange((sof + 5)..<(sof + 9), with: [0xFF, 0xDC, 0xFF, 0xDC])
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        default:
            let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"/>"#
            try Data(svg.utf8).write(to: URL(fileURLWithPath: path))
        }
    }
}
