import Foundation
import Testing

/// A whole input file that cannot be read exits 66 with one line saying why, whichever command
/// reads it; a stdout that cannot be written stops the run with 74 instead of a trap.
@Suite struct ConfigurationExitTests {
    @Test(arguments: [
        (
            ["crop", "--coco", "folder", "--images", ".", "--out-dir", "o"],
            "folder: cannot read the file: Is a directory"
        ),
        (
            ["crop", "--coco", "none.json", "--images", ".", "--out-dir", "o"],
            "none.json: cannot open the file: No such file or directory"
        ),
        (["crop", "--voc", "none", "--images", ".", "--out-dir", "o"], "none: no such annotation file or folder"),
        (["crop", "--yolo", "none", "--images", ".", "--out-dir", "o"], "none: no such label file or folder"),
        (["crop", "--manifest", "folder", "--out-dir", "o"], "folder: cannot read the manifest: Is a directory"),
        (["batch", "folder"], "folder: cannot read the jobs: Is a directory"),
        (["batch", "none.jsonl"], "none.jsonl: cannot read the jobs: No such file or directory"),
    ])
    func anUnreadableInputFileExits66(arguments: [String], message: String) throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.path("folder"), withIntermediateDirectories: true)
        let result = try CommandRunner.run(arguments, in: scratch.url)
        #expect(result.status == 66, "\(result.stderr)")
        #expect(result.stderr == "error: \(message)\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("o")))
    }

    /// Runs `arguments` in `scratch` with stdout on a full device or a pipe nobody reads.
    static func runWithBrokenStdout(_ arguments: [String], full: Bool, in scratch: Scratch) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = arguments
        process.currentDirectoryURL = scratch.url
        let unread = Pipe()
        try unread.fileHandleForReading.close()
        process.standardOutput = full ? FileHandle(forWritingAtPath: "/dev/full") : unread.fileHandleForWriting
        let err = Pipe()
        process.standardError = err
        try process.run()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stderr, as: UTF8.self))
    }

    @Test(arguments: [true, false])
    func aStdoutThatCannotBeWrittenStopsTheRunWith74(full: Bool) throws {
        let scratch = try Scratch()
        let manifest = try scratch.manifestOfCopies(URL(fileURLWithPath: ViewHelpers.pattern), count: 3)
        try scratch.write(
            #"{"id": 1, "command": "crop", "input": "in0.png", "rect": "0,0,1,1", "output": "b.png"}"# + "\n",
            to: "jobs.jsonl")
        let reason = full ? "No space left on device" : "Broken pipe"
        for arguments in [
            ["crop", "--manifest", manifest, "--out-dir", "out", "--json"],
            ["crop", "--manifest", manifest, "--out-dir", "dry", "--dry-run", "--json"], ["batch", "jobs.jsonl"],
        ] {
            let (status, stderr) = try Self.runWithBrokenStdout(arguments, full: full, in: scratch)
            #expect(status == 74, "\(arguments): \(stderr)")
            #expect(stderr.contains("error: cannot write to standard output: \(reason); stopped"), "\(stderr)")
            #expect(!stderr.contains("Fatal error") && !stderr.contains("backtrace"), "\(stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.path("dry")))
    }

    /// The codes of the table at the end of `lightbox COMMAND --help`.
    static func helpCodes(_ command: [String]) throws -> [String] {
        let help = try CommandRunner.run(command + ["--help"]).stdout
        let table = help.components(separatedBy: "EXIT CODES:\n").dropFirst().first ?? ""
        return table.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }.map {
            String($0.split(separator: " ").first ?? "")
        }
    }

    @Test(arguments: [[], ["crop"], ["view"], ["board"], ["batch"]])
    func everyHelpHasTheExitCodeTableOfTheDocs(command: [String]) throws {
        let docs = try String(
            contentsOf: CommandRunner.root.appendingPathComponent("docs/reliability.md"), encoding: .utf8)
        let section =
            docs.components(separatedBy: "## Exit codes\n").dropFirst().first?
            .components(separatedBy: "\n## ").first ?? ""
        let documented = section.split(separator: "\n")
            .filter { $0.hasPrefix("| ") && $0.dropFirst(2).first?.isNumber == true }
            .map { String($0.dropFirst(2).prefix { $0.isNumber }) }
        #expect(documented == ["0", "1", "64", "65", "66", "70", "73", "74", "130"])
        #expect(try Self.helpCodes(command) == documented, "\(command)")
    }
}
