import Foundation
import Testing

/// What one line or one job may ask of the `lightbox batch` supervisor, which no memory limit
/// bounds: a line over `--max-line` is read past in constant memory, a crop job over `--max-rects`,
/// a board over `--max-photos`, `--max-board-bytes` or the drawing budget is refused before any
/// work, and the supervisor stays under 256 MB whatever it is sent.
@Suite(.processes) struct BatchLimitTests {
    /// The most memory the supervisor may hold, in kilobytes (`VmHWM`), whatever it is sent.
    static let ceiling = 256 * 1024

    /// A batch whose supervisor's peak resident memory is watched while `feed` writes its stdin.
    final class Watched: @unchecked Sendable {
        let process = Process()
        let output = Pipe()
        private let input = Pipe()
        /// The supervisor's highest `VmHWM`.
        private let watched = PeakMemory.Peak()

        init(_ arguments: [String], in scratch: Scratch) throws {
            process.executableURL = CommandRunner.binary
            process.arguments = ["batch"] + arguments
            process.currentDirectoryURL = scratch.url
            (process.standardInput, process.standardOutput) = (input, output)
            process.standardError = FileHandle.nullDevice
            try process.run()
            let pid = process.processIdentifier
            Thread.detachNewThread { [self] in
                while process.isRunning {
                    watched.read(pid)
                    Thread.sleep(forTimeInterval: 0.02)
                }
            }
        }

        /// Writes `chunks` in the background, then closes stdin.
        func feed(_ chunks: @escaping @Sendable () -> [Data]) {
            let handle = input.fileHandleForWriting
            signal(SIGPIPE, SIG_IGN)
            Thread.detachNewThread {
                for chunk in chunks() { try? handle.write(contentsOf: chunk) }
                try? handle.close()
            }
        }

        /// The answers (all of stdout), once the process has ended, and the supervisor's peak in kilobytes.
        func finish() throws -> (answers: [[String: Any]], peak: Int, status: Int32) {
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            Thread.sleep(forTimeInterval: 0.05)
            let answers = data.split(separator: 0x0A).compactMap {
                try? JSONSerialization.jsonObject(with: $0) as? [String: Any]
            }
            return (answers, watched.kilobytes, process.terminationStatus)
        }
    }

    /// A job line as data.
    static func line(_ job: [String: Any]) -> Data {
        ((try? JSONSerialization.data(withJSONObject: job, options: [.sortedKeys])) ?? Data()) + Data("\n".utf8)
    }

    @Test func linesOfHundredsOfMegabytesAreReadInConstantMemory() throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg"])
        let watched = try Watched(["--jobs", "1"], in: scratch)
        watched.feed {
            var chunks: [Data] = []
            for (id, megabytes) in [("100MB", 100), ("400MB", 400)] {
                chunks.append(Data(#"{"id":"\#(id)","command":"crop","input":""#.utf8))
                let block = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
                chunks += Array(repeating: block, count: megabytes)
                chunks.append(Data("\"}\n".utf8))
            }
            return chunks + [
                BatchLimitTests.line([
                    "id": "after", "command": "crop", "input": "a.jpg", "rect": "0,0,1,1", "output": "c.jpg",
                ])
            ]
        }
        let end = try watched.finish()
        #expect(end.answers.map { $0["id"] as? String } == ["100MB", "400MB", "after"])
        #expect(end.answers.map { $0["status"] as? String } == ["failed", "failed", "done"])
        do {
            let text = BatchClient.text(end.answers.first?["error"])
            #expect(text.contains("over --max-line 1048576"))
        }
        #expect(end.peak > 0 && end.peak < 128 * 1024, "supervisor peak \(end.peak) KB")
    }

    @Test func jobsBiggerThanTheServerTakesAreRefusedBeforeAnyWork() throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg"])
        let photo = ["id": "a", "path": "a.jpg"]
        let jobs: [([String: Any], String)] = [
            (
                [
                    "id": "huge", "command": "board", "board": [20000, 20000], "cardWidth": 8000,
                    "photos": [photo, ["id": "b", "path": "a.jpg"]], "output": "huge.png",
                ], "huge.png: 20000x20000 pixels are 1200000000 bytes; at most 100000000 (--max-board-bytes)"
            ),
            (
                [
                    "id": "many", "command": "board", "board": [800, 800],
                    "photos": (0..<501).map { ["id": "p\($0)", "path": "a.jpg"] }, "output": "many.png",
                ], "photos: 501 photos; at most 500 (--max-photos)"
            ),
            (
                [
                    "id": "cards", "command": "board", "board": [4000, 4000], "cardWidth": 3000, "photos": [photo],
                    "output": "cards.png",
                ], "its cards need about"
            ),
            (
                [
                    "id": "values", "command": "crop", "input": "a.jpg",
                    "crops": Array(repeating: [String: Any](), count: 60_000),
                ], "more than 100000 JSON values; not read"
            ),
            (
                [
                    "id": "rects", "command": "crop", "input": "a.jpg",
                    "crops": (0..<1001).map { ["rect": "0,0,0.5,0.5", "output": "r\($0).png"] },
                ], "crops: 1001 rects; at most 1000 (--max-rects)"
            ),
        ]
        let watched = try Watched(["--jobs", "2"], in: scratch)
        let lines = jobs.map { Self.line($0.0) }
        watched.feed { lines }
        let end = try watched.finish()
        #expect(end.answers.count == jobs.count)
        for (job, error) in jobs {
            let id = job["id"] as? String
            let answer = end.answers.first { $0["id"] as? String == id } ?? [:]
            #expect(answer["status"] as? String == "failed", "\(answer)")
            #expect((answer["error"] as? String ?? "").contains(error), "\(answer)")
        }
        #expect(try scratch.contents() == ["a.jpg"])
        #expect(end.peak < Self.ceiling, "supervisor peak \(end.peak) KB")
    }

    @Test func theLargestBoardsTakenStayUnderTheCeilingTwoAtATime() throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg"])
        let photos = (0..<2).map { ["id": "p\($0)", "path": "a.jpg"] }
        let wide = (0..<40).map { ["id": "q\($0)", "path": "a.jpg"] }
        let jobs: [[String: Any]] = [
            ["id": "cards", "command": "board", "board": [1800, 1800], "cardWidth": 1350, "photos": photos],
            ["id": "wide", "command": "board", "board": [5700, 5800], "photos": wide],
            ["id": "card", "command": "board", "board": [1800, 1800], "cardWidth": 1530, "photos": [photos[0]]],
            ["id": "cards-2", "command": "board", "board": [1800, 1800], "cardWidth": 1350, "photos": photos],
            ["id": "wide-2", "command": "board", "board": [5700, 5800], "photos": wide],
        ].enumerated().map { $0.element.merging(["output": "b\($0.offset).png"]) { $1 } }
        let watched = try Watched(["--jobs", "2"], in: scratch)
        let lines = jobs.map { Self.line($0) }
        watched.feed { lines }
        let end = try watched.finish()
        #expect(end.answers.map { $0["status"] as? String } == Array(repeating: "done", count: 5), "\(end.answers)")
        #expect(end.peak < Self.ceiling, "supervisor peak \(end.peak) KB")
    }
}
