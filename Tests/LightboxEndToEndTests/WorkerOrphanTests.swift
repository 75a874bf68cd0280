import Foundation
import Testing

/// A supervisor killed outright (SIGKILL: no handler runs) takes its workers along (at once for
/// a forked worker, `PR_SET_PDEATHSIG`), and the temp file a busy one left is swept by the next
/// `--resume` though no one reaps the dead worker (a zombie counts as gone).
@Suite(.processes) struct WorkerOrphanTests {
    /// The pid a temp file `.NAME.lightbox-PID-...` names.
    static func owner(of name: String) -> pid_t? {
        guard let marker = name.range(of: ".lightbox-") else { return nil }
        return pid_t(name[marker.upperBound...].prefix { $0.isNumber })
    }

    /// Whether `pid` has ended (gone, or a zombie no one reaps).
    static func isGone(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return true }
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }

    @Test func aKilledSupervisorsWorkerEndsAndItsTempFileIsSwept() throws {
        let scratch = try Scratch()
        _ = try scratch.copy(CommandRunner.fixtures.appendingPathComponent("pattern.png"), as: "hung.png")
        try Data("input,x,y,width,height,output\nhung.png,0,0,1,1,a.png\n".utf8)
            .write(to: URL(fileURLWithPath: scratch.path("m.csv")))
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = ["crop", "--manifest", "m.csv", "--out-dir", "out", "--timeout", "300", "-q"]
        process.currentDirectoryURL = scratch.url
        process.environment = ProcessInfo.processInfo.environment.merging(["LIGHTBOX_FAULT": "hang:hung.png"]) { $1 }
        (process.standardOutput, process.standardError) = (FileHandle.nullDevice, FileHandle.nullDevice)
        try process.run()
        // The worker hangs on the input once it has left a half-written temp file beside the output.
        var worker: pid_t?
        Poll.until(within: 60) {
            worker =
                ((try? FileManager.default.contentsOfDirectory(atPath: scratch.path("out"))) ?? [])
                .compactMap(Self.owner).first
            return worker != nil
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let pid = try #require(worker)
        defer { kill(pid, SIGKILL) }
        Poll.until(within: 10) { Self.isGone(pid) }
        #expect(Self.isGone(pid), "the worker \(pid) outlived its supervisor")
        let resumed = try CommandRunner.run(
            ["crop", "--manifest", "m.csv", "--out-dir", "out", "--resume"], in: scratch.url)
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("out")) == ["a.png"])
    }
}
