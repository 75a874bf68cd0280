import Foundation
import Testing

/// `lightbox batch --root` while its folders change under it: a folder swapped for a symbolic link
/// (out of the root, or to another folder inside) and back, in a loop, while crop, view and board
/// jobs read and write through it. The server must answer every line, never trap, and neither
/// read nor make anything outside the root.
@Suite(.processes) struct BatchRaceTests {
    /// Swaps `root/d` between a folder (with `sub/p.png` in it), a link out of the root and a link
    /// to `root/in`, as fast as it can, until `stop` is set.
    final class Swapper: @unchecked Sendable {
        private let root: String
        private let lock = NSLock()
        private var stopped = false
        private let done = DispatchSemaphore(value: 0)
        /// How many swaps were made.
        private(set) var swaps = 0

        init(root: String) {
            self.root = root
        }

        func start() {
            Thread.detachNewThread { [self] in
                let folder = root + "/d"
                let manager = FileManager.default
                while !isStopped {
                    swaps += 1
                    try? manager.removeItem(atPath: folder)
                    switch swaps % 3 {
                    case 0: try? manager.createSymbolicLink(atPath: folder, withDestinationPath: "../outside")
                    case 1: try? manager.createSymbolicLink(atPath: folder, withDestinationPath: "in")
                    default:
                        try? manager.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
                        try? manager.copyItem(atPath: root + "/in/p.png", toPath: folder + "/p.png")
                    }
                }
                done.signal()
            }
        }

        private var isStopped: Bool {
            lock.lock()
            defer { lock.unlock() }
            return stopped
        }

        func stop() {
            lock.lock()
            stopped = true
            lock.unlock()
            done.wait()
        }
    }

    /// The jobs of the race: crops, views and boards reading and writing through `root/d`.
    static func job(_ number: Int) -> [String: Any] {
        let input = number % 2 == 0 ? "root/d/p.png" : "root/in/p.png"
        let output = "root/d/sub/\(number).png"
        switch number % 5 {
        case 3:
            return [
                "id": number, "command": "view", "input": input, "screen": [64, 48], "output": output,
            ]
        case 4:
            return [
                "id": number, "command": "board", "board": [120, 120], "cardWidth": 40,
                "photos": [["id": "a", "path": input], ["id": "b", "path": "root/d/sub/../p.png"]],
                "output": output,
            ]
        default:
            return [
                "id": number, "command": "crop", "input": input, "output": output,
                "crops": [
                    ["rect": "0,0,0.5,0.5", "output": output],
                    ["rect": "0.5,0.5,0.5,0.5", "output": "root/d/deeper/\(number).png"],
                ],
            ]
        }
    }

    @Test func foldersSwappedForLinksWhileJobsRunCostOnlyThoseJobs() throws {
        let scratch = try Scratch()
        _ = try RootConfinementTests.tree(scratch)
        let outsideBefore = try FileManager.default.subpathsOfDirectory(atPath: scratch.path("outside")).sorted()
        let swapper = Swapper(root: scratch.path("root"))
        swapper.start()
        let client = try BatchClient(["--root", "root", "--jobs", "2"], in: scratch)
        let count = 600
        client.sendInBackground((0..<count).map(Self.job))
        var ids = Set<Int>()
        var statuses: [String: Int] = [:]
        for _ in 0..<count {
            guard let line = client.answerLine() else { break }
            let answer = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            ids.insert(answer["id"] as? Int ?? -1)
            statuses[answer["status"] as? String ?? "?", default: 0] += 1
        }
        let end = try client.finish()
        swapper.stop()
        #expect(end.status == 0 || end.status == 1, "\(end.stderr.suffix(2000))")
        #expect(ids.symmetricDifference(0..<count).isEmpty, "answers \(ids.count) of \(count): \(statuses)")
        #expect(end.rest.isEmpty)
        #expect(swapper.swaps > 100)
        let outsideAfter = try FileManager.default.subpathsOfDirectory(atPath: scratch.path("outside")).sorted()
        #expect(outsideAfter == outsideBefore)
        #expect(try scratch.contents() == ["outside", "root"])
    }

    /// An output whose path climbs out of a folder that does not exist outside the root and back
    /// in: the kernel cannot resolve it, and no folder may be made for it outside the root (a plain
    /// `mkdir -p` would make `outside/made/by/a/job`), for crop, view and board alike.
    @Test func anOutputThroughAMissingFolderOutsideTheRootMakesNothing() throws {
        let scratch = try Scratch()
        _ = try RootConfinementTests.tree(scratch)
        let climb = scratch.path("outside/made/by/a/job/../../../../../root/out")
        let jobs: [[String: Any]] = [
            RootConfinementTests.crop("crop", "root/in/p.png", climb + "/c.png"),
            [
                "id": "view", "command": "view", "input": "root/in/p.png", "screen": [80, 60],
                "output": climb + "/v.png",
            ],
            [
                "id": "board", "command": "board", "board": [100, 100],
                "photos": [["id": "a", "path": "root/in/p.png"]],
                "output": climb + "/b.png",
            ],
            RootConfinementTests.crop("inside", "root/in/p.png", "root/out/new/../made/c.png"),
        ]
        let client = try BatchClient(["--root", "root"], in: scratch)
        for job in jobs { try client.send(job) }
        var answers: [String: [String: Any]] = [:]
        for _ in jobs {
            let answer = try client.answer()
            answers[answer["id"] as? String ?? ""] = answer
        }
        for id in ["crop", "view", "board"] {
            #expect(answers[id]?["status"] as? String == "failed", "\(id): \(answers[id] ?? [:])")
            let error = answers[id]?["error"] as? String ?? ""
            #expect(error.contains("No such file or directory"), "\(id): \(error)")
        }
        #expect(answers["inside"]?["status"] as? String == "done", "\(answers["inside"] ?? [:])")
        #expect(try client.finish().status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("outside")) == ["secret.png"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("root/out")) == ["made"])
    }
}
