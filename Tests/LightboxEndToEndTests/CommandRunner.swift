import Foundation

/// Runs the built `lightbox` binary and captures what it printed.
struct CommandRunner {
    /// What one run gave back.
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        /// What a child with exit status `status` wrote, as text.
        init(status: Int32, output: ChildOutput) {
            self.status = status
            stdout = String(decoding: output.stdout, as: UTF8.self)
            stderr = String(decoding: output.stderr, as: UTF8.self)
        }

        /// The stdout lines, without the empty last one.
        var lines: [String] { stdout.split(separator: "\n").map(String.init) }
    }

    /// The package root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The bundled fixtures folder.
    static let fixtures = root.appendingPathComponent("Fixtures")

    /// The bundled real photos, one per EXIF orientation (MIT, licence beside them).
    static let orientationPhotos = fixtures.appendingPathComponent("exif-orientation")

    /// The `lightbox` executable: `LIGHTBOX_BIN`, else the one built beside the test bundle.
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["LIGHTBOX_BIN"] { return URL(fileURLWithPath: path) }
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = runner.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("lightbox")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return root.appendingPathComponent(".build/debug/lightbox")
    }()

    /// Seconds one run may take before it is killed and the test fails: far above the slowest
    /// run, so only a hang reaches it.
    static let runLimit = 300.0

    /// Runs `lightbox` with `arguments` in `directory`, with `environment` added, and waits for
    /// it, reading stdout and stderr at once; a run past `runLimit` is killed and thrown.
    static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> Result {
        let (status, output) = try execute(binary, arguments, in: directory, environment: environment)
        return Result(status: status, output: output)
    }

    /// Runs `executable` with `arguments` (in `directory`, with `environment` added, `stdin` on
    /// its standard input, written from a thread of its own) and waits for it, reading stdout and
    /// stderr at once; a run past `runLimit` is killed and thrown.
    static func execute(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
        stdin: Data? = nil
    ) throws -> (status: Int32, output: ChildOutput) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        if let directory { process.currentDirectoryURL = directory }
        let (input, out, err) = (Pipe(), Pipe(), Pipe())
        if stdin != nil { process.standardInput = input }
        process.standardOutput = out
        process.standardError = err
        try process.run()
        if let stdin {
            Thread.detachNewThread {
                try? input.fileHandleForWriting.write(contentsOf: stdin)
                try? input.fileHandleForWriting.close()
            }
        }
        let watchdog = Watchdog(process, seconds: runLimit)
        let output = ChildOutput.read(out: out, err: err)
        process.waitUntilExit()
        if watchdog.stop() { throw Hang(arguments: arguments, seconds: runLimit) }
        return (process.terminationStatus, output)
    }

    /// A run that did not end within its limit.
    struct Hang: Error, CustomStringConvertible {
        let arguments: [String]
        let seconds: Double
        var description: String { "lightbox \(arguments.joined(separator: " ")) ran past \(Int(seconds)) s: killed" }
    }
}
