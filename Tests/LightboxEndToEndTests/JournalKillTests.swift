import Foundation
import Testing
import Vips

/// A run is killed (SIGKILL, a pod preempted) at random moments, any number of times, and resumed
/// each time with the same `--report` journal: it loses only what was in flight.
@Suite(.processes) struct JournalKillTests {
    /// The pattern photo every item crops (640x480 PNG).
    static let pattern = URL(fileURLWithPath: ViewHelpers.pattern)

    /// What an output is on disk: its inode and modification time, which a rewrite (a rename over it) changes.
    static func identity(_ path: String) -> [Int] {
        var info = stat()
        guard stat(path, &info) == 0 else { return [] }
        return [Int(info.st_ino), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
    }

    /// The whole outputs in `folder` by name, with their identities.
    static func outputs(_ folder: String) -> [String: [Int]] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }
        return Dictionary(uniqueKeysWithValues: names.map { ($0, identity(folder + "/" + $0)) })
    }

    /// A 120-line manifest: 30 inputs, four quarter crops each.
    static func manifest(_ scratch: Scratch) throws -> String {
        var lines = ["input,x,y,width,height,output"]
        for index in 0..<30 {
            _ = try scratch.copy(pattern, as: "in\(index).png")
            for (quarter, corner) in ["0,0", "0.5,0", "0,0.5", "0.5,0.5"].enumerated() {
                lines.append("in\(index).png,\(corner),0.5,0.5,out\(index)-\(quarter).png")
            }
        }
        return try scratch.write(lines.joined(separator: "\n") + "\n", to: "crops.csv")
    }

    @Test func killedAtRandomMomentsAndResumedItLosesOnlyWhatWasInFlight() throws {
        let scratch = try Scratch()
        let manifest = try Self.manifest(scratch)
        let out = scratch.path("out")
        let journal = scratch.path("report.jsonl")
        let arguments = ["crop", "--manifest", manifest, "--out-dir", out, "--report", journal, "--resume", "-q"]
        var journalBefore = Data()
        for _ in 0..<5 {
            let before = Self.outputs(out)
            let process = Process()
            process.executableURL = CommandRunner.binary
            process.arguments = arguments + ["--jobs", "2"]
            try process.run()
            // Killed at a random point of its progress: after one to twelve more outputs are written.
            let target = before.count + Int.random(in: 1...12)
            Poll.until(within: 30) { !process.isRunning || Self.outputs(out).count >= target }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let after = Self.outputs(out)
            for (name, identity) in before {
                #expect(after[name] == identity, "\(name) was whole before the run and must not be rewritten")
            }
            for name in after.keys { #expect(try VImage.load(out + "/" + name).width == 320, "\(name) must be whole") }
            let text = FileManager.default.contents(atPath: journal) ?? Data()
            #expect(text.starts(with: journalBefore), "the journal only grows")
            journalBefore = text
        }
        let before = Self.outputs(out)
        let last = try CommandRunner.run(arguments)
        #expect(last.status == 0, "\(last.stderr)")
        let after = Self.outputs(out)
        #expect(after.count == 120)
        for (name, identity) in before { #expect(after[name] == identity, "\(name) rewritten by the last resume") }
        #expect(FileManager.default.contents(atPath: journal)?.starts(with: journalBefore) == true)
        let records = try JournalFile.lastRun(journal)
        #expect(records.count == 120)
        #expect(records.filter { $0["status"] as? String == "skipped" }.count == before.count)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasPrefix(".") }.isEmpty)
    }

    @Test func aResumeKilledBeforeItRedoesAMissingOutputKeepsTheJournal() throws {
        let scratch = try Scratch()
        let manifest = try Self.manifest(scratch)
        let out = scratch.path("out")
        let journal = scratch.path("report.jsonl")
        let arguments = ["crop", "--manifest", manifest, "--out-dir", out, "--report", journal, "-q"]
        #expect(try CommandRunner.run(arguments).status == 0)
        let done = try JournalFile.records(journal).count
        #expect(done == 120)
        try FileManager.default.removeItem(atPath: out + "/out0-0.png")
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = arguments + ["--resume", "--jobs", "1"]
        // Its one item hangs (a debug build's fault), so the kill always comes before it can end.
        process.environment = ProcessInfo.processInfo.environment.merging(["LIGHTBOX_FAULT": "hang:in0.png"]) { $1 }
        try process.run()
        // Killed once the run has started its workers, with the journal open, before it can end.
        Poll.until(within: 30) {
            !process.isRunning || !WorkerSignalTests.children(of: process.processIdentifier).isEmpty
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(try JournalFile.records(journal).count >= done, "a resume never truncates the journal")
        let resumed = try CommandRunner.run(arguments + ["--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        let last = try JournalFile.lastRun(journal)
        #expect(
            last.filter { $0["status"] as? String == "done" }.map { $0["output"] as? String } == [out + "/out0-0.png"])
        #expect(last.filter { $0["status"] as? String == "skipped" }.count == 119)
    }

    @Test func ctrlCCountsWhatWasWritten() throws {
        let scratch = try Scratch()
        let manifest = try Self.manifest(scratch)
        let out = scratch.path("out")
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = ["crop", "--manifest", manifest, "--out-dir", out, "--jobs", "1"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        Poll.until(within: 30) { Self.outputs(out).count >= 6 }
        kill(process.processIdentifier, SIGINT)
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let written = Self.outputs(out).count
        let counted = text.split(separator: " ").firstIndex(of: "done,").flatMap {
            Int(text.split(separator: " ")[$0 - 1])
        }
        #expect(written > 0)
        // One crop may be renamed into place between the signal and the worker's end: it was in flight.
        #expect(counted.map { written - $0 == 0 || written - $0 == 1 } == true, "\(text), \(written) written")
    }
}
