import Foundation
import Testing

/// A board's photos are decoded by `--jobs` workers at once (one board job, several workers).
@Suite(.processes) struct BoardWorkerPoolTests {
    /// The most workers seen at once while a board of four photos, two of which hang until the
    /// timeout, is drawn with `jobs`; and how it ended.
    private static func workersSeen(jobs: Int) throws -> (most: Int, status: Int32, stderr: String) {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg", "b.jpg", "c.jpg", "d.jpg"])
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = [
            "board", "a.jpg", "b.jpg", "c.jpg", "d.jpg", "--size", "400x300", "-o", "board.png", "--timeout", "2",
            "--jobs", "\(jobs)",
        ]
        process.currentDirectoryURL = scratch.url
        process.environment = ProcessInfo.processInfo.environment.merging(["LIGHTBOX_FAULT": "hang:a.jpg,hang:b.jpg"]) {
            $1
        }
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var most = 0
        // The hung photos time out after 2 s each: the run ends well within the minute.
        Poll.until(within: 60, every: 0.02) {
            most = max(most, WorkerSignalTests.children(of: process.processIdentifier).count)
            return !process.isRunning
        }
        let text = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (most, process.terminationStatus, text)
    }

    @Test(arguments: [1, 2, 3])
    func theBoardStartsOneWorkerPerJob(jobs: Int) throws {
        let run = try BoardWorkerPoolTests.workersSeen(jobs: jobs)
        #expect(run.most == jobs, "\(run.stderr)")
        #expect(run.status == 1)
        #expect(run.stderr.contains("error: a.jpg: timed out after 2 s (card skipped)"), "\(run.stderr)")
        #expect(run.stderr.contains("error: b.jpg: timed out after 2 s (card skipped)"), "\(run.stderr)")
    }
}
