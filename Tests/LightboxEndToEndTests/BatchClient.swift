import Foundation

/// A `lightbox batch` process driven as a client does: jobs written one by one on its stdin,
/// answers read line by line from its stdout.
final class BatchClient {
    /// The running process.
    let process: Process
    /// Its stdin, where jobs go.
    private let input = Pipe()
    /// Its stdout, where answers come from.
    private let output = Pipe()
    /// Its stderr, read to its end all along by a thread of its own, so a server that writes
    /// many warnings never waits on the test.
    private let stderr = Pipe()
    /// The thread reading stderr.
    private var errors: PipeDrain?
    /// Bytes read from stdout but not yet returned as a line.
    private var pending = Data()

    /// Starts `lightbox batch` with `arguments` in `scratch`, with `environment` added.
    init(_ arguments: [String], in scratch: Scratch, environment: [String: String] = [:]) throws {
        process = Process()
        process.executableURL = CommandRunner.binary
        process.arguments = ["batch"] + arguments
        process.currentDirectoryURL = scratch.url
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = stderr
        try process.run()
        errors = PipeDrain(stderr)
    }

    /// Sends one job line (a JSON object given as a dictionary, or raw text).
    func send(_ job: [String: Any]) throws {
        try send(
            line: String(
                decoding: try JSONSerialization.data(withJSONObject: job, options: [.sortedKeys]), as: UTF8.self))
    }

    /// Sends one raw line.
    func send(line: String) throws {
        try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
    }

    /// Sends `jobs` (as `send` writes them) from another thread, so a client that writes many jobs
    /// never waits on answers it has not read yet.
    func sendInBackground(_ jobs: [[String: Any]]) {
        let lines = jobs.compactMap { try? JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]) }
        let handle = input.fileHandleForWriting
        // A server that died must fail the test, not kill the test process as it writes.
        signal(SIGPIPE, SIG_IGN)
        Thread.detachNewThread {
            for line in lines { try? handle.write(contentsOf: line + Data("\n".utf8)) }
        }
    }

    /// The next answer line, waiting for it (nil at the end of stdout).
    func answerLine() -> String? {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = pending[pending.startIndex..<newline]
                pending = Data(pending[(newline + 1)...])
                return String(decoding: line, as: UTF8.self)
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            pending.append(chunk)
        }
    }

    /// The next answer as a JSON object.
    func answer() throws -> [String: Any] {
        guard let line = answerLine() else { throw CocoaError(.fileReadUnknown) }
        return try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
    }

    /// `value` as a string, or empty: an answer's field read in an expectation.
    static func text(_ value: Any?) -> String {
        value as? String ?? ""
    }

    /// Closes stdin (the end of the jobs), reads what is left and waits: the exit status and stderr.
    func finish() throws -> (status: Int32, rest: [String], stderr: String) {
        try input.fileHandleForWriting.close()
        var rest: [String] = []
        while let line = answerLine() { rest.append(line) }
        let text = String(decoding: errors?.wait() ?? Data(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, rest, text)
    }
}
