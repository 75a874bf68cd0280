import Foundation

/// Runs the built `lightbox` binary and captures what it printed.
struct CommandRunner {
    /// What one run gave back.
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

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

    /// Runs `lightbox` with `arguments` in `directory`, with `environment` added, and waits for it.
    static func run(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self)
        )
    }
}
