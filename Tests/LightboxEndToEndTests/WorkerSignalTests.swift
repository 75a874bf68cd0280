import Foundation
import Testing

/// SIGINT and SIGTERM while a worker hangs: the workers are killed, their temp files removed, exit 130 or 143.
@Suite(.processes) struct WorkerSignalTests {
    /// A started `lightbox` and the pipe its stderr goes to.
    struct Running {
        let process: Process
        let stderr: Pipe
    }

    /// Starts `lightbox` in `scratch` with the fault switch (and `environment`) set, and waits
    /// until the hung worker's temp file (named from `output`'s stem) is in `folder` (`scratch`'s own by default).
    static func start(
        _ arguments: [String], in scratch: Scratch, fault: String, output: String, environment: [String: String] = [:],
        folder: String? = nil
    ) throws -> Running {
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = arguments
        process.currentDirectoryURL = scratch.url
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            .merging(["LIGHTBOX_FAULT": fault]) { $1 }
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let watched = folder ?? scratch.url.path
        Poll.until(within: 10) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: watched)) ?? []
            return names.contains { $0.hasPrefix(".\(output).lightbox-") }
        }
        return Running(process: process, stderr: stderr)
    }

    /// The process ids of `pid`'s children (its workers).
    static func children(of pid: pid_t) -> [pid_t] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").compactMap { pid_t($0) }
        }
    }

    @Test(arguments: [(SIGINT, Int32(130), "SIGINT"), (SIGTERM, Int32(143), "SIGTERM")])
    func aSignalKillsTheWorkersAndLeavesNoTempFile(signal: Int32, code: Int32, name: String) throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg", "hung.jpg"])
        let run = try WorkerSignalTests.start(
            ["crop", "a.jpg", "hung.jpg", "--rect", "0,0,1,1", "-o", "{stem}-crop.jpg", "--jobs", "2"], in: scratch,
            fault: "hang:hung.jpg", output: "hung-crop"
        )
        let workers = WorkerSignalTests.children(of: run.process.processIdentifier)
        #expect(!workers.isEmpty)
        #expect(try scratch.contents().contains { $0.hasPrefix(".hung-crop.lightbox-") })
        kill(run.process.processIdentifier, signal)
        let stderr = String(decoding: run.stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        run.process.waitUntilExit()
        #expect(run.process.terminationStatus == code)
        #expect(stderr.contains("interrupted by \(name)"), "\(stderr)")
        #expect(!stderr.contains("error:"), "\(stderr)")
        let left = try scratch.contents()
        #expect(left.allSatisfy { !$0.hasPrefix(".") }, "\(left)")
        for worker in workers { #expect(kill(worker, 0) != 0, "worker \(worker) still runs") }
    }

    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func aSignalStopsASingleViewAndItsWorker(signal: Int32, code: Int32) throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["hung.jpg"])
        let run = try WorkerSignalTests.start(
            ["view", "hung.jpg", "--screen", "100x100", "-o", "shot.png"], in: scratch, fault: "hang:hung.jpg",
            output: "shot")
        let workers = WorkerSignalTests.children(of: run.process.processIdentifier)
        kill(run.process.processIdentifier, signal)
        let stderr = String(decoding: run.stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        run.process.waitUntilExit()
        #expect(run.process.terminationStatus == code)
        #expect(stderr.hasSuffix("interrupted by \(signal == SIGINT ? "SIGINT" : "SIGTERM")\n"), "\(stderr)")
        #expect(try scratch.contents() == ["hung.jpg"])
        for worker in workers { #expect(kill(worker, 0) != 0, "worker \(worker) still runs") }
    }

    /// An image for standard output is made in the temp folder: a signal removes it there too.
    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func aSignalRemovesTheTempFileOfAnImageForStandardOutput(signal: Int32, code: Int32) throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["hung.jpg"])
        let temp = scratch.path("tmp")
        try FileManager.default.createDirectory(atPath: temp, withIntermediateDirectories: true)
        let run = try WorkerSignalTests.start(
            ["crop", "hung.jpg", "--rect", "0,0,1,1", "-o", "-", "--format", "png"], in: scratch,
            fault: "hang:hung.jpg", output: "stdout", environment: ["TMPDIR": temp], folder: temp)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp).count == 1)
        kill(run.process.processIdentifier, signal)
        _ = run.stderr.fileHandleForReading.readDataToEndOfFile()
        run.process.waitUntilExit()
        #expect(run.process.terminationStatus == code)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temp).isEmpty)
    }
}
