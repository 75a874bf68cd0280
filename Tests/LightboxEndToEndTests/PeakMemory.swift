import Foundation

/// Runs the built binary while a thread reads its peak resident memory (`VmHWM`, which only
/// grows) from /proc every 20 ms, so the last reading before it ends is its peak.
enum PeakMemory {
    /// Runs `lightbox` with `arguments` in `directory`; its exit status, stderr, stdout's line
    /// count and its peak resident memory in kilobytes.
    static func run(
        _ arguments: [String], in directory: URL
    ) throws -> (status: Int32, stderr: String, lines: Int, peak: Int) {
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let (out, err) = (Pipe(), Pipe())
        (process.standardOutput, process.standardError) = (out, err)
        try process.run()
        let peak = Peak()
        let pid = process.processIdentifier
        Thread.detachNewThread {
            while process.isRunning {
                peak.read(pid)
                Thread.sleep(forTimeInterval: 0.02)
            }
        }
        let output = ChildOutput.read(out: out, err: err)
        process.waitUntilExit()
        let lines = output.stdout.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        return (process.terminationStatus, String(decoding: output.stderr, as: UTF8.self), lines, peak.kilobytes)
    }

    /// The highest `VmHWM` read.
    final class Peak: @unchecked Sendable {
        private let lock = NSLock()
        private var highest = 0

        /// The highest reading, in kilobytes.
        var kilobytes: Int {
            lock.lock()
            defer { lock.unlock() }
            return highest
        }

        /// Reads process `pid`'s `VmHWM`, if it is still there.
        func read(_ pid: Int32) {
            let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
            lock.lock()
            highest = max(highest, kilobytes)
            lock.unlock()
        }
    }
}
