import Foundation
import Testing

/// Files Lightbox makes that are not outputs: a temp file left by a killed process is removed the
/// next time Lightbox writes into its folder, and liborc's code files never appear in `$HOME`.
@Suite(.processes) struct BatchTempFileTests {
    /// The hidden temp files in `folder`.
    static func temps(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.contains(".lightbox-") }
    }

    /// Waits up to 10 s for `condition`.
    static func wait(_ condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(10)
        while !condition() && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
    }

    @Test(arguments: [true, false])
    func aTempFileOfAKilledBatchIsRemovedByTheNextWriteInItsFolder(rooted: Bool) throws {
        let scratch = try Scratch()
        _ = try RootConfinementTests.tree(scratch)
        _ = try scratch.copy(RootConfinementTests.pattern, as: "root/in/hung.png")
        let roots = rooted ? ["--root", "root"] : []
        let killed = try BatchClient(roots, in: scratch, environment: ["LIGHTBOX_FAULT": "hang:hung.png"])
        try killed.send(RootConfinementTests.crop("hung", "root/in/hung.png", "root/out/h.png"))
        let out = scratch.path("root/out")
        Self.wait { !Self.temps(out).isEmpty }
        let workers = WorkerSignalTests.children(of: killed.process.processIdentifier)
        kill(killed.process.processIdentifier, SIGKILL)
        killed.process.waitUntilExit()
        Self.wait { workers.allSatisfy { kill($0, 0) != 0 } }
        let left = Self.temps(out)
        #expect(left.count == 1, "\(left)")
        let next = try BatchClient(roots, in: scratch)
        try next.send(RootConfinementTests.crop("next", "root/in/p.png", "root/out/next.png"))
        #expect(try next.answer()["status"] as? String == "done")
        #expect(try next.finish().status == 0)
        #expect(Self.temps(out).isEmpty, "\(Self.temps(out))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["next.png"])
    }

    @Test func liborcKeepsItsCodeFilesOutOfHome() throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg"])
        for folder in ["home", "tmp"] {
            try FileManager.default.createDirectory(atPath: scratch.path(folder), withIntermediateDirectories: true)
        }
        let watch = inotify_init1(Int32(IN_NONBLOCK))
        defer { close(watch) }
        let home = inotify_add_watch(watch, scratch.path("home"), UInt32(IN_CREATE))
        let temp = inotify_add_watch(watch, scratch.path("tmp"), UInt32(IN_CREATE))
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = nil
        (environment["HOME"], environment["TMPDIR"]) = (scratch.path("home"), scratch.path("tmp"))
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = ["batch", "-"]
        process.currentDirectoryURL = scratch.url
        process.environment = environment
        let input = Pipe()
        (process.standardInput, process.standardOutput) = (input, Pipe())
        try process.run()
        let job =
            #"{"id":1,"command":"board","board":[300,300],"scale":1.3,"photos":[{"id":"a","path":"a.jpg"}],"output":"b.png"}"#
        try input.fileHandleForWriting.write(contentsOf: Data((job + "\n").utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        var created: [Int32: [String]] = [:]
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let count = read(watch, &buffer, buffer.count)
        var offset = 0
        while count > 0 && offset + 16 <= count {
            let (descriptor, length) = buffer.withUnsafeBytes {
                (
                    $0.load(fromByteOffset: offset, as: Int32.self),
                    Int($0.load(fromByteOffset: offset + 12, as: UInt32.self))
                )
            }
            let name = String(
                decoding: buffer[(offset + 16)..<(offset + 16 + length)].prefix { $0 != 0 }, as: UTF8.self)
            created[descriptor, default: []].append(name)
            offset += 16 + length
        }
        #expect(created[home, default: []].isEmpty, "\(created)")
        #expect(created[temp, default: []].contains { $0.hasPrefix("orcexec.") }, "liborc ran: \(created)")
    }
}
