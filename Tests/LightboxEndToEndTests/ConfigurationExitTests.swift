import Foundation
import Testing

/// A whole input file that cannot be read exits 66 with one line saying why, whichever command
/// reads it; a stdout that cannot be written stops the run with 74 instead of a trap.
@Suite(.processes) struct ConfigurationExitTests {
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

    /// How a run's stdout is broken: a full device, a pipe whose reader is gone, closed at start
    /// (`>&-`, as a shell can start a program), or a pipe nobody reads (it fills, then blocks).
    enum BrokenStdout { case full, unread, closed, stalled }

    /// Starts `arguments` in `scratch` with stdout `broken` and stderr into `stderr` (nil: dropped).
    static func launch(
        _ arguments: [String], stdout broken: BrokenStdout, stderr: Pipe? = nil, in scratch: Scratch
    ) throws -> Process {
        let process = Process()
        process.currentDirectoryURL = scratch.url
        process.executableURL = broken == .closed ? URL(fileURLWithPath: "/bin/sh") : CommandRunner.binary
        process.arguments =
            broken == .closed ? ["-c", #"exec "$0" "$@" >&-"#, CommandRunner.binary.path] + arguments : arguments
        switch broken {
        case .full: process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        case .unread:
            let unread = Pipe()
            try unread.fileHandleForReading.close()
            process.standardOutput = unread.fileHandleForWriting
        case .closed: break
        case .stalled: process.standardOutput = Pipe()
        }
        process.standardError = stderr ?? FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs `arguments` in `scratch` with stdout `broken`; its exit status and stderr.
    static func run(_ arguments: [String], stdout broken: BrokenStdout, in scratch: Scratch) throws -> (Int32, String) {
        let err = Pipe()
        let process = try launch(arguments, stdout: broken, stderr: err, in: scratch)
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stderr, as: UTF8.self))
    }

    /// Whether `process` ends within `seconds`; one that does not is killed.
    static func ends(_ process: Process, within seconds: Double) -> Bool {
        let ended = Poll.until(within: seconds) { !process.isRunning }
        if !ended { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return ended
    }

    @Test func aClosedStdoutIsNotTakenByTheJournal() throws {
        let scratch = try Scratch()
        let manifest = try scratch.manifestOfCopies(URL(fileURLWithPath: ViewHelpers.pattern), count: 3)
        let (status, stderr) = try Self.run(
            ["crop", "--manifest", manifest, "--out-dir", "out", "--json", "--report", "r.jsonl"], stdout: .closed,
            in: scratch)
        #expect(status == 74, "\(stderr)")
        #expect(stderr.contains("error: cannot write to standard output: Bad file descriptor; stopped"), "\(stderr)")
        // The run stops at its first line for stdout; what ended before is journaled once (the
        // --json lines went to the journal too, each record twice, while it held descriptor 1).
        let records = try JournalFile.records(scratch.path("r.jsonl"))
        let outputs = records.compactMap { $0["output"] as? String }
        #expect(!outputs.isEmpty && Set(outputs).count == outputs.count, "\(records)")
    }

    /// `lightbox ... --dry-run | head -1`: the reader had what it wanted; exit 74 without a word.
    @Test func aReaderThatStopsReadingGetsItsLinesAndNoMessage() throws {
        let scratch = try Scratch()
        _ = try scratch.copy(URL(fileURLWithPath: ViewHelpers.pattern), as: "in.png")
        // More lines than a pipe holds, so the run is still writing when `head` leaves.
        let rows = (0..<2000).map { "in.png,0.1,0.1,0.2,0.2,c\($0).png" }
        try scratch.write((["input,x,y,width,height,output"] + rows).joined(separator: "\n") + "\n", to: "m.csv")
        let manifest = "m.csv"
        let process = Process()
        process.currentDirectoryURL = scratch.url
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [
            "-c", #"set -o pipefail; "$0" crop --manifest "$1" --out-dir o --dry-run 2>err.txt | head -1"#,
            CommandRunner.binary.path, manifest,
        ]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let lines = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 74)
        #expect(lines.split(separator: "\n").count == 1 && lines.hasPrefix("{"), "\(lines)")
        #expect(try String(contentsOfFile: scratch.path("err.txt"), encoding: .utf8) == "")
    }

    @Test func anImageForAStdoutThatIsFullFailsNamingStdoutNotTheDecoder() throws {
        let scratch = try Scratch()
        let (status, stderr) = try Self.run(
            ["crop", ViewHelpers.photo, "--rect", "0,0,1,1", "-o", "-", "--format", "png"], stdout: .full, in: scratch)
        #expect(status == 1)
        #expect(stderr == "error: -: cannot write to standard output: No space left on device\n", "\(stderr)")
    }

    /// Many jobs in flight when the reader goes away, or stops reading: the run ends (74 or a
    /// signal's code) and never deadlocks between printing and the summary it prints.
    @Test func aRunWhoseReaderGoesAwayStopsEveryTime() throws {
        let scratch = try Scratch()
        _ = try scratch.copy(URL(fileURLWithPath: ViewHelpers.pattern), as: "in0.png")
        var lines = ["input,x,y,width,height,output"]
        for index in 0..<120 { lines.append("in0.png,0.1,0.1,0.2,0.2,c\(index).png") }
        try scratch.write(lines.joined(separator: "\n") + "\n", to: "many.csv")
        for attempt in 0..<4 {
            let process = try Self.launch(
                ["crop", "--manifest", "many.csv", "--out-dir", "out\(attempt)", "--json", "--jobs", "8"],
                stdout: .unread, in: scratch)
            #expect(Self.ends(process, within: 30) && process.terminationStatus == 74, "attempt \(attempt)")
        }
        // A batch whose reader stops reading (its pipe full) still stops on SIGTERM.
        try scratch.write(
            (0..<3000).map { #"{"id":\#($0),"command":"crop","input":"none.jpg","rect":"0,0,1,1","output":"x.png"}"# }
                .joined(separator: "\n") + "\n", to: "jobs.jsonl")
        let batch = try Self.launch(["batch", "jobs.jsonl"], stdout: .stalled, in: scratch)
        let stalled = try #require(batch.standardOutput as? Pipe)
        #expect(Poll.until(within: 60) { Poll.unreadBytes(stalled) > 60_000 }, "the answers fill the pipe")
        kill(batch.processIdentifier, SIGTERM)
        #expect(Self.ends(batch, within: 15) && batch.terminationStatus == 143)
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
            ["crop", "--manifest", manifest, "--out-dir", "dry", "--dry-run"], ["batch", "jobs.jsonl"],
        ] {
            let (status, stderr) = try Self.run(arguments, stdout: full ? .full : .unread, in: scratch)
            #expect(status == 74, "\(arguments): \(stderr)")
            // A full device is worth a line; a reader that closed its end (`| head -1`) meant it.
            if full {
                #expect(stderr.contains("error: cannot write to standard output: \(reason); stopped"), "\(stderr)")
            } else {
                #expect(!stderr.contains("standard output") && !stderr.contains(reason), "\(stderr)")
            }
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
