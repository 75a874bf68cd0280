import Foundation
import Testing

/// On a full disk the output is blamed with the system's reason, whatever writes it: a lossless
/// cut (its encoder's own writes, not the input it reads), and TIFF's and JPEG's buffered writes,
/// whose `unix error: Unknown error -1` (libvips lost the errno) is given the real reason.
@Suite(.processes) struct FullDiskTests {
    /// (the output's name, the crop's extra options, the error after `OUTPUT: `, or nil to check
    /// only that it gives the system's reason and never `Unknown error`).
    static let cases: [(String, [String], String?)] = [
        ("l.jpg", ["--lossless"], "cannot write the output: No space left on device"),
        ("t.tiff", [], nil),
        ("t.jpg", [], nil),
    ]

    /// Runs `body` with a 16 KB tmpfs mounted in `scratch`, unmounted after.
    static func withFullDisk(_ scratch: Scratch, _ body: (String) throws -> Void) throws {
        let mount = scratch.path("full")
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        #expect(HostileCorpus.run("/bin/mount", ["-t", "tmpfs", "-o", "size=16k", "tmpfs", mount]) == 0)
        defer { HostileCorpus.run("/bin/umount", [mount]) }
        try body(mount)
        #expect(try FileManager.default.contentsOfDirectory(atPath: mount).isEmpty, "a file was left")
    }

    /// Whether `error` (after the output's name) is the expected one, or gives the system's reason.
    static func matches(_ error: String, _ expected: String?) -> Bool {
        guard let expected else { return error.contains("No space left on device") && !error.contains("Unknown error") }
        return error == expected
    }

    @Test(.enabled(if: HostileCorpus.canMount, "needs root to mount a tmpfs"), arguments: cases)
    func cropBlamesTheOutputWithTheSystemsReason(name: String, options: [String], error: String?) throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg"])
        try Self.withFullDisk(scratch) { mount in
            let output = "\(mount)/\(name)"
            let result = try CommandRunner.run(
                ["crop", scratch.path("a.jpg"), "--rect", "0,0,1,1", "-o", output] + options)
            #expect(result.status == 1)
            let lines = result.stderr.split(separator: "\n").map(String.init)
            #expect(lines.count == 1 && lines[0].hasPrefix("error: \(output): "), "\(result.stderr)")
            #expect(Self.matches(String(lines[0].dropFirst("error: \(output): ".count)), error), "\(result.stderr)")
        }
    }

    @Test(.enabled(if: HostileCorpus.canMount, "needs root to mount a tmpfs"), arguments: cases)
    func batchBlamesTheOutputWithTheSystemsReason(name: String, options: [String], error: String?) throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg"])
        try Self.withFullDisk(scratch) { _ in
            let lossless = options.isEmpty ? "" : #","lossless":true"#
            let line =
                #"{"id":1,"command":"crop","input":"a.jpg","rect":"0,0,1,1","output":"full/\#(name)"\#(lossless)}"#
            let (answers, _) = try BatchLineTests.answers([BatchLineTests.line(line)], in: scratch)
            let object = answers.first.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) }
            let text = (object as? [String: Any])?["error"] as? String ?? ""
            let prefix = "\(scratch.path("jobs.jsonl")):1: full/\(name): "
            #expect(text.hasPrefix(prefix), "\(answers)")
            #expect(Self.matches(String(text.dropFirst(prefix.count)), error), "\(answers)")
        }
    }
}
