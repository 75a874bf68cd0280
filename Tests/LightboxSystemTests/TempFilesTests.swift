import Foundation
import LightboxSystem
import Testing

/// The temp files of atomic writes: a killed run's are swept from a folder (by the name's pid,
/// whose process is gone), a live process's and every other name are left, a dead worker's are
/// removed by its pid, and a write in progress is forgotten once it is finished.
@Suite struct TempFilesTests {
    /// A folder of its own for one test, removed at the end.
    final class Folder {
        /// The folder's path.
        let path: String

        /// Makes the folder with `names`, each holding one byte.
        init(_ names: [String]) throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("temps-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            for name in names { try Data("x".utf8).write(to: URL(fileURLWithPath: path + "/" + name)) }
        }

        deinit {
            try? FileManager.default.removeItem(atPath: path)
        }

        /// The names in the folder, sorted.
        var names: [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
        }
    }

    /// The pid of a process that has ended: a shell started and waited for.
    static func deadPid() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    /// A temp name of `pid`'s for the output `stem.png`.
    static func temp(_ stem: String, _ pid: pid_t) -> String {
        ".\(stem).lightbox-\(pid)-0123abcd.png"
    }

    @Test func aSweepRemovesOnlyTheTempFilesOfEndedProcesses() throws {
        let dead = try TempFilesTests.deadPid()
        let live = getpid()
        let kept = [
            "a.png", TempFilesTests.temp("b", live), ".hidden", ".c.lightbox-x1-0123.png", ".d.lightbox-12.png",
            "e.lightbox-\(dead)-0123.png",
        ]
        let folder = try Folder(kept + [TempFilesTests.temp("f", dead), TempFilesTests.temp("g", dead)])
        TempFiles.shared.sweepStale(in: folder.path)
        #expect(folder.names == kept.sorted())
    }

    @Test func aSweepThroughADescriptorListsThatVeryFolder() throws {
        let dead = try TempFilesTests.deadPid()
        let folder = try Folder(["a.png", TempFilesTests.temp("a", dead)])
        let descriptor = SystemCall.open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        TempFiles.shared.sweepStale(in: "a name that is not the folder", descriptor: descriptor)
        #expect(folder.names == ["a.png"])
    }

    @Test func aFolderSweptOnceIsNotSweptAgainWithinTheInterval() throws {
        let dead = try TempFilesTests.deadPid()
        let folder = try Folder([TempFilesTests.temp("a", dead)])
        TempFiles.shared.sweepStale(in: folder.path)
        #expect(folder.names.isEmpty)
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder.path + "/" + TempFilesTests.temp("b", dead)))
        TempFiles.shared.sweepStale(in: folder.path)
        #expect(folder.names == [TempFilesTests.temp("b", dead)])
    }

    @Test func aDeadWorkersFilesAreRemovedByItsPid() throws {
        let folder = try Folder([
            TempFilesTests.temp("a", 4_000_001), TempFilesTests.temp("b", 4_000_002), "c.png",
            ".c.lightbox-4000001x-0.png",
        ])
        TempFiles.shared.removeFiles(of: 4_000_001, in: folder.path)
        #expect(folder.names == [".c.lightbox-4000001x-0.png", TempFilesTests.temp("b", 4_000_002), "c.png"].sorted())
    }

    /// `finish` gives back what its body returns or throws, with the body's own error type.
    @Test func finishGivesBackTheBodysValueOrError() throws {
        struct Refused: Error, Equatable {}
        let path = "/nonexistent/.x.lightbox-1-0.png"
        TempFiles.shared.add(path)
        #expect(try TempFiles.shared.finish(path) { () throws(Refused) in 7 } == 7)
        TempFiles.shared.add(path)
        #expect(throws: Refused()) { try TempFiles.shared.finish(path) { () throws(Refused) in throw Refused() } }
    }
}
