import Foundation
import Testing

/// The batch server's fuzz (`scripts/fuzz-batch.py`, run by `make fuzz`): a short run here, and
/// every seed and saved regression replayed under the same racing folders and links, each
/// answered line by line with nothing outside the root touched.
@Suite(.processes) struct BatchFuzzTests {
    /// The driver.
    static let driver = CommandRunner.root.appendingPathComponent("scripts/fuzz-batch.py").path

    /// Runs the driver with `arguments`; its exit status and what it printed.
    static func drive(_ arguments: [String], found: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", driver, CommandRunner.binary.path, "--found", found] + arguments
        let output = Pipe()
        (process.standardOutput, process.standardError) = (output, output)
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test func aShortFuzzOfTheServerFindsNothing() throws {
        let scratch = try Scratch()
        let run = try Self.drive(["--seconds", "8", "--seed", "29"], found: scratch.path("found"))
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains(" answers, "), "\(run.output)")
    }

    @Test func everySeedAndSavedRegressionIsAnsweredLineByLine() throws {
        let scratch = try Scratch()
        let folders = ["Fuzz/Seeds/batch", "Fuzz/Regressions/batch"].map {
            CommandRunner.root.appendingPathComponent($0)
        }
        let files = try folders.flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: folder.path).map {
                folder.appendingPathComponent($0).path
            }
        }
        #expect(files.count >= 2)
        for file in files {
            let run = try Self.drive(["--replay", file], found: scratch.path("found"))
            #expect(run.status == 0, "\(file): \(run.output)")
        }
    }
}
