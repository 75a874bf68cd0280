import Foundation
import Testing

/// The client examples of docs/batch.md, run against the built binary.
@Suite(.processes) struct BatchExampleTests {
    /// The text of the first fenced block of `language` in docs/batch.md.
    static func example(_ language: String) throws -> String {
        let text = try String(contentsOf: CommandRunner.root.appendingPathComponent("docs/batch.md"), encoding: .utf8)
        let start = try #require(text.range(of: "```\(language)\n"))
        let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
        return String(text[start.upperBound..<end.lowerBound]) + "\n"
    }

    /// Checks what a client printed and wrote: three done crops, each the asked part of the photo.
    static func checkClientRun(_ run: CommandRunner.Result, in scratch: Scratch) throws {
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.lines.count == 3)
        for (index, line) in run.lines.enumerated() {
            #expect(line.hasPrefix("\(index + 1) done"), "\(line)")
            let single = try CommandRunner.run(
                ["crop", "a.jpg", "--rect", "0.\(index + 1),0.1,0.5,0.5", "-o", "single-\(index + 1).jpg"],
                in: scratch.url)
            #expect(single.status == 0)
            let batch = FileManager.default.contents(atPath: scratch.path("crop-\(index + 1).jpg"))
            #expect(
                batch != nil && batch == FileManager.default.contents(atPath: scratch.path("single-\(index + 1).jpg")))
        }
    }

    /// Runs `arguments` through `/usr/bin/env` in `scratch` and waits.
    static func run(_ arguments: [String], in scratch: Scratch) throws -> CommandRunner.Result {
        let (status, output) = try CommandRunner.execute(
            URL(fileURLWithPath: "/usr/bin/env"), arguments, in: scratch.url)
        return CommandRunner.Result(status: status, output: output)
    }

    @Test func thePythonClientSendsJobsOneByOneAndReadsTheAnswers() throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg"])
        try Data(try BatchExampleTests.example("python").utf8).write(
            to: URL(fileURLWithPath: scratch.path("client.py")))
        let run = try BatchExampleTests.run(["python3", "client.py", CommandRunner.binary.path, "a.jpg"], in: scratch)
        try BatchExampleTests.checkClientRun(run, in: scratch)
    }

    /// A scratch folder whose `a.jpg` is cut short: each crop fails while it is written, after its pixels were planned.
    static func truncatedInput() throws -> Scratch {
        let scratch = try Scratch()
        let photo = try Data(contentsOf: CommandRunner.fixtures.appendingPathComponent("photo.jpg"))
        try photo.prefix(30_000).write(to: URL(fileURLWithPath: scratch.path("a.jpg")))
        return scratch
    }

    /// Checks that a client printed each failed job's error, not the pixels its answer still carries.
    static func checkFailuresShown(_ run: CommandRunner.Result) {
        #expect(run.status == 1)
        #expect(run.lines.isEmpty, "\(run.stdout)")
        let failures = run.stderr.split(separator: "\n").filter { $0.contains(" failed ") }
        #expect(failures.count == 3, "\(run.stderr)")
        #expect(failures.allSatisfy { $0.contains("a.jpg") && $0.contains("Premature end") }, "\(run.stderr)")
    }

    @Test func thePythonClientShowsAFailedJobsErrorNotItsPixels() throws {
        let scratch = try Self.truncatedInput()
        try Data(try BatchExampleTests.example("python").utf8).write(
            to: URL(fileURLWithPath: scratch.path("client.py")))
        let run = try BatchExampleTests.run(["python3", "client.py", CommandRunner.binary.path, "a.jpg"], in: scratch)
        Self.checkFailuresShown(run)
    }

    @Test func theSwiftClientSendsJobsOneByOneAndReadsTheAnswers() throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg"])
        try Data(try BatchExampleTests.example("swift").utf8).write(
            to: URL(fileURLWithPath: scratch.path("client.swift")))
        let built = try BatchExampleTests.run(["swiftc", "client.swift", "-o", "client"], in: scratch)
        #expect(built.status == 0, "\(built.stderr)")
        try FileManager.default.removeItem(atPath: scratch.path("client.swift"))
        let run = try BatchExampleTests.run([scratch.path("client"), CommandRunner.binary.path, "a.jpg"], in: scratch)
        try BatchExampleTests.checkClientRun(run, in: scratch)
        let truncated = try Self.truncatedInput()
        let failing = try BatchExampleTests.run(
            [scratch.path("client"), CommandRunner.binary.path, "a.jpg"], in: truncated)
        Self.checkFailuresShown(failing)
    }
}
