import Foundation
import Testing

/// The progress line appears on a terminal and never when stderr is redirected.
@Suite(.processes) struct ProgressLineTests {
    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a terminal"))
    func progressIsDrawnOnATerminalOnly() throws {
        let scratch = try Scratch()
        let manifest = try scratch.manifestOfCopies(
            CommandRunner.fixtures.appendingPathComponent("pattern.png"), count: 6)
        let command = [
            CommandRunner.binary.path, "crop", "--manifest", manifest, "--out-dir", scratch.path("tty"), "--jobs", "1",
        ]
        let transcript = scratch.path("typescript")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command.joined(separator: " "), transcript]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let screen = try String(contentsOfFile: transcript, encoding: .utf8)
        #expect(screen.contains("6/6  "), "\(screen)")
        // Six quick items: a rate from the second on, but no ETA before a second is measured.
        #expect(screen.contains("/s"), "\(screen)")
        let redirected = try CommandRunner.run(["crop", "--manifest", manifest, "--out-dir", scratch.path("pipe")])
        #expect(redirected.stderr == "6 done, 0 failed, 0 skipped\n")
    }

    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a terminal"))
    func rectsOverManyInputsShowProgressToo() throws {
        let scratch = try Scratch()
        let inputs = try (0..<5).map {
            try scratch.copy(CommandRunner.fixtures.appendingPathComponent("pattern.png"), as: "p\($0).png")
        }
        let command =
            [CommandRunner.binary.path, "crop"] + inputs + [
                "--rect", "0,0,0.5,0.5", "-o", scratch.path("{stem}-crop.png"), "--jobs", "1",
            ]
        let transcript = scratch.path("typescript")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command.map { "'\($0)'" }.joined(separator: " "), transcript]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try String(contentsOfFile: transcript, encoding: .utf8).contains("5/5  "))
    }
}
