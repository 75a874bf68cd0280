import Foundation
import Testing

/// The lines a `lightbox batch` client sends, read as bytes: ids echoed exactly as sent, a NUL
/// byte or a line over `--max-line` answered as failed (the id kept when it can be read), valid
/// UTF-8 never called invalid, and a key given twice refused.
@Suite(.processes) struct BatchLineTests {
    /// Sends `lines` raw to a batch started with `arguments` in `scratch`, and returns the answer
    /// lines (one per non-blank line, in order with `--jobs 1`) and the exit status.
    static func answers(
        _ lines: [[UInt8]], arguments: [String] = [], in scratch: Scratch
    ) throws -> (lines: [String], status: Int32) {
        let jobs = scratch.path("jobs.jsonl")
        try Data(lines.flatMap { $0 + [0x0A] }).write(to: URL(fileURLWithPath: jobs))
        let run = try CommandRunner.run(["batch", "--jobs", "1"] + arguments + [jobs], in: scratch.url)
        return (run.lines, run.status)
    }

    /// A job line as bytes.
    static func line(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// (the id as sent, as it must come back): numbers of any size or precision and strings with
    /// their escapes come back as written; only white space between tokens goes.
    @Test(arguments: [
        ("123456789012345678901234567890", "123456789012345678901234567890"),
        ("1.50", "1.50"), ("-0", "-0"), ("1e400", "1e400"), (#""a\u0041\n""#, #""a\u0041\n""#),
        (#"[1, 2.50 , {"b" : 1, "a": "x"}]"#, #"[1,2.50,{"b":1,"a":"x"}]"#), ("null", "null"),
    ])
    func idsComeBackAsSent(sent: String, echoed: String) throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg"])
        let crop = #""command":"crop","input":"a.jpg","rect":"0,0,0.5,0.5","output":"c.jpg""#
        let (lines, _) = try Self.answers(
            [Self.line(#"{"id":\#(sent),\#(crop)}"#), Self.line(#"{"command":"nope","id" : \#(sent) }"#)],
            in: scratch)
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.hasPrefix(#"{"id":\#(echoed),"#) }, "\(lines)")
        #expect(lines.filter { $0.contains(#""status":"done""#) }.count == 1, "\(lines)")
    }

    @Test func aLineWithANulByteOrAnInvalidByteFailsAndValidUTF8IsRead() throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg", "\u{FFFD}é.jpg"])
        let crop = #""command":"crop","input":"a.jpg","rect":"0,0,0.5,0.5""#
        let beforeNul = Self.line(#"{"id":"nul",\#(crop),"output":"n.jpg"}"#)
        let lines: [[UInt8]] = [
            beforeNul + [0] + Self.line(#"{"x":1}"#),
            Self.line(#"{"id":"nul-in-path",\#(crop),"output":"n.jpg\u0000.png"}"#),
            Self.line(#"{"id":"latin1","command":"crop","input":""#) + [0xE9] + Self.line(#"","rect":"0,0,1,1"}"#),
            Self.line(#"{"id":"fffd","command":"crop","input":"\#u{FFFD}é.jpg","rect":"0,0,1,1","output":"ok.jpg"}"#),
            Self.line(#"{"id":"twice","id":"again",\#(crop),"output":"t.jpg"}"#),
        ]
        let (answers, status) = try Self.answers(lines, in: scratch)
        #expect(status == 1)
        let expected = [
            #"{"id":"nul","status":"failed","error":"\#(scratch.path("jobs.jsonl")):1: a NUL byte at byte \#(beforeNul.count + 1)"}"#,
            #"{"id":"nul-in-path","status":"failed","error":"\#(scratch.path("jobs.jsonl")):2: a value holds the character U+0000 (\\u0000)"}"#,
            #"{"id":"latin1","status":"failed","error":"\#(scratch.path("jobs.jsonl")):3: invalid UTF-8"}"#,
        ]
        #expect(answers.count == 5)
        for line in expected { #expect(answers.contains(line), "\(answers)") }
        #expect(answers.contains { $0.hasPrefix(#"{"id":"fffd""#) && $0.contains(#""status":"done""#) })
        let twice = answers.first { $0.hasPrefix(#"{"id":"twice","status":"failed""#) } ?? ""
        #expect(twice.contains("the key 'id' is given twice"), "\(answers)")
        #expect(FileManager.default.fileExists(atPath: scratch.path("ok.jpg")))
        #expect(!FileManager.default.fileExists(atPath: scratch.path("n.jpg")))
    }

    @Test func aLineOverMaxLineIsReadPastAndAnsweredWithItsId() throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg"])
        let padding = String(repeating: "x", count: 3 << 20)
        let lines: [[UInt8]] = [
            Self.line(#"{"id":"huge","command":"crop","input":"\#(padding)"}"#),
            Self.line(#"{"command":"crop","input":"\#(padding)","id":"late"}"#),
            Self.line(#"{"id":"next","command":"crop","input":"a.jpg","rect":"0,0,1,1","output":"c.jpg"}"#),
            Self.line(#"{"id":"small","command":"crop","input":"a.jpg","rect":"0,0,1,1","output":"d.jpg"}"#),
        ]
        let (answers, status) = try Self.answers(lines, in: scratch)
        #expect(status == 1)
        let jobs = scratch.path("jobs.jsonl")
        #expect(answers.count == 4)
        #expect(
            answers[0]
                == #"{"id":"huge","status":"failed","error":"\#(jobs):1: the line is \#(lines[0].count) bytes, over --max-line 1048576; not read"}"#
        )
        #expect(answers[1].hasPrefix(#"{"id":null,"status":"failed""#), "\(answers[1].prefix(200))")
        #expect(answers.filter { $0.contains(#""status":"done""#) }.count == 2)
        let long = Self.line(
            #"{"id":"long","command":"crop","input":"a.jpg","rect":"0,0,1,1","output":"l.jpg","units":"fraction","square":false}"#
        )
        let small = Self.line(#"{"id":"small","command":"crop","input":"a.jpg","rect":"0,0,1,1","output":"e.jpg"}"#)
        let tight = try Self.answers([small, long], arguments: ["--max-line", "100"], in: scratch)
        #expect(tight.lines.count == 2)
        #expect(tight.lines.contains { $0.hasPrefix(#"{"id":"small""#) && $0.contains(#""status":"done""#) })
        #expect(tight.lines.contains { $0.hasPrefix(#"{"id":"long""#) && $0.contains("over --max-line 100; not read") })
    }

    @Test func errorsEchoAtMostAboutAThousandCharactersOfAValue() throws {
        let scratch = try Scratch()
        let key = String(repeating: "k", count: 500_000)
        let (answers, _) = try Self.answers(
            [Self.line(#"{"id":1,"command":"crop","\#(key)":1}"#)], in: scratch)
        #expect(answers.count == 1)
        #expect(answers[0].count < 1_200, "\(answers[0].count)")
        #expect(answers[0].contains("unknown key 'kkk"))
    }
}
