import Foundation
import Testing
import Vips

/// The supervisor waits for its workers on every way out, so no process of a finished `lightbox`
/// is left; a crashed item's journal line says where it came from; a batch board loses only the
/// card whose photo crashed.
@Suite(.processes) struct ProcessTests {
    /// The processes of session `session` still in the process table (zombies included).
    static func members(of session: Int32) -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { Int32($0) }.filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 4 && Int32(fields[4]) == session
        }
    }

    @Test(arguments: [["--jobs", "2"], ["--jobs", "1", "--fail-on", "warning"]])
    func aFinishedCropLeavesNoProcess(extra: [String]) throws {
        let scratch = try Scratch()
        let manifest = try scratch.manifestOfCopies(URL(fileURLWithPath: ViewHelpers.pattern), count: 4)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
        process.arguments =
            [CommandRunner.binary.path, "crop", "--manifest", manifest, "--out-dir", scratch.path("out"), "-q"] + extra
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(Self.members(of: process.processIdentifier).isEmpty, "workers left behind")
    }

    /// A worker that crashes or hangs before or after reading the header; the size is known only after.
    @Test(arguments: ["crash", "crash-opened", "hang-opened"])
    func aCrashedItemsJournalLineSaysWhereItCameFrom(fault: String) throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg", "b.jpg"])
        try scratch.write(
            "input,x,y,width,height\na.jpg,0,0,1,1\nb.jpg,0,0,0.5,0.5\nb.jpg,0.5,0.5,0.5,0.5\n", to: "m.csv")
        let result = try CommandRunner.run(
            ["crop", "--manifest", "m.csv", "--out-dir", "out", "--report", "r.jsonl", "--timeout", "2"],
            in: scratch.url, environment: ["LIGHTBOX_FAULT": "\(fault):b.jpg"])
        #expect(result.status == 1)
        let failed = try JournalFile.records(scratch.path("r.jsonl")).filter { $0["status"] as? String == "failed" }
        #expect(failed.count == 2)
        for record in failed {
            #expect(record["source"] as? String == "m.csv")
            #expect([3, 4].contains(record["line"] as? Int ?? 0))
            #expect(record["input"] as? String == "b.jpg")
            #expect(record["rect"] != nil && record["crashes"] as? Int == 1)
            #expect((record["image"] != nil) == fault.hasSuffix("-opened"), "\(record)")
        }
        #expect(WorkerCrashTests.errorLines(result).filter { $0.hasPrefix("error:") }.count == 1)
    }

    @Test func aBatchBoardSkipsTheCardWhosePhotoCrashesAndNamesIt() throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg", "b.jpg", "c.jpg"])
        let client = try BatchClient(["--jobs", "2"], in: scratch, environment: ["LIGHTBOX_FAULT": "crash:b.jpg"])
        try client.send([
            "id": "board", "command": "board", "board": [300, 200], "output": "board.png",
            "photos": [["id": "a", "path": "a.jpg"], ["id": "b", "path": "b.jpg"], ["id": "c", "path": "c.jpg"]],
        ])
        let answer = try client.answer()
        let end = try client.finish()
        #expect(answer["status"] as? String == "failed")
        let failed = try #require(answer["failed"] as? [[String: Any]])
        // The photo is named as the job gave it, as `lightbox board` names it.
        #expect(failed.count == 1 && failed[0]["input"] as? String == "b.jpg")
        #expect((failed[0]["error"] as? String)?.contains("the decoder crashed (SIGSEGV)") == true)
        #expect((answer["error"] as? String)?.hasPrefix("stdin:1: b.jpg: the decoder crashed") == true, "\(answer)")
        let board = try VImage.load(scratch.path("board.png"))
        #expect(board.width == 300 && board.height == 200)
        #expect(end.status == 1)
    }
}
