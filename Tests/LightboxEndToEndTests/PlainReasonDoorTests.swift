import Foundation
import Testing

/// libvips' failures are said in plain words, never in its class names, and the same in every
/// door: a text file named `.png`, a truncated JPEG and an output the system will not create,
/// on stderr, in the `--json` and `--report` records and in a `lightbox batch` answer.
@Suite(.processes) struct PlainReasonDoorTests {
    /// (the input, the output, the file the error names, the reason every door gives).
    static let failures: [(input: String, output: String, named: String, reason: String)] = [
        ("fake.png", "o.png", "fake.png", "is not an image (it starts with text)"),
        (
            "cut.jpg", "o.png", "cut.jpg",
            "truncated JPEG: the data ends before the last row (libjpeg: Premature end of input file)"
        ),
        ("photo.jpg", "/proc/x.jpg", "/proc/x.jpg", "cannot write: No such file or directory"),
        ("photo.jpg", "/proc/x.tif", "/proc/x.tif", "cannot write: No such file or directory"),
    ]

    /// A scratch with `photo.jpg`, `cut.jpg` (its first half) and `fake.png` (a line of text).
    static func scratch() throws -> Scratch {
        let scratch = try Scratch()
        let photo = try Data(contentsOf: CommandRunner.fixtures.appendingPathComponent("photo.jpg"))
        try photo.write(to: scratch.url.appendingPathComponent("photo.jpg"))
        try photo.prefix(photo.count / 2).write(to: scratch.url.appendingPathComponent("cut.jpg"))
        try scratch.write("just a note, not a picture\n", to: "fake.png")
        return scratch
    }

    @Test(arguments: failures)
    func everyDoorSaysItPlainly(input: String, output: String, named: String, reason: String) throws {
        let scratch = try Self.scratch()
        let crop = try CommandRunner.run(
            ["crop", input, "--rect", "0,0,1,1", "-o", output, "--json", "--report", "r.jsonl"], in: scratch.url)
        #expect(crop.status == 1)
        #expect(crop.stderr == "error: \(named): \(reason)\n")
        let record = try #require(crop.lines.first.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) })
        #expect((record as? [String: Any])?["error"] as? String == "\(named): \(reason)", "\(crop.stdout)")
        let reported = try #require(try JournalFile.lastRun(scratch.path("r.jsonl")).first)
        #expect(reported["error"] as? String == "\(named): \(reason)", "\(reported)")

        let job: [String: Any] = ["id": 1, "command": "crop", "input": input, "rect": [0, 0, 1, 1], "output": output]
        try scratch.write(
            String(decoding: try JSONSerialization.data(withJSONObject: job, options: [.sortedKeys]), as: UTF8.self)
                + "\n", to: "jobs.jsonl")
        let batch = try CommandRunner.run(["batch", "jobs.jsonl"], in: scratch.url)
        let answer = try #require(
            batch.lines.first.flatMap { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        #expect(answer["error"] as? String == "jobs.jsonl:1: \(named): \(reason)", "\(batch.stdout)")
        #expect(!(crop.stderr + crop.stdout + batch.stdout).contains("Vips"))
    }

    /// `view` and `board` say a damaged photo as `crop` does.
    @Test(arguments: [
        (["view", "cut.jpg", "--screen", "40x30", "-o", "v.png"], ""),
        (["board", "cut.jpg", "fake.png", "--size", "200x200", "-o", "b.png"], " (card skipped)"),
    ])
    func viewAndBoardSayTheSame(command: [String], suffix: String) throws {
        let scratch = try Self.scratch()
        let result = try CommandRunner.run(command, in: scratch.url)
        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }.map(String.init)
        let cut = Self.failures[1]
        #expect(errors.first == "error: cut.jpg: \(cut.reason)\(suffix)", "\(result.stderr)")
        if command[0] == "board" {
            #expect(errors.dropFirst().first == "error: fake.png: \(Self.failures[0].reason)\(suffix)")
        }
    }
}
