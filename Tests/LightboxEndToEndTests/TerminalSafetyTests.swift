import Foundation
import Testing

/// A manifest, a label file or a file name is untrusted: what it holds is echoed in `error:` and
/// `warning:` lines with its control characters escaped, so it can neither split the line nor
/// send escape sequences to the terminal.
@Suite(.processes) struct TerminalSafetyTests {
    @Test(arguments: [
        (
            "crops.csv", "input,x,y,width,height\n\"a\u{1B}[31mred.jpg\",0,0,1,1\n",
            "error: crops.csv:2: a\\u{1B}[31mred.jpg: cannot open"
        ),
        (
            "crops.csv", "input,x,y,width,height\nphoto.jpg,0\u{1B}[2J,0,1,1\n",
            "error: crops.csv:2: x: '0\\u{1B}[2J' is not a number"
        ),
        (
            "crops.jsonl", "{\"input\":\"line\\nbreak\\u0007.jpg\",\"rect\":[0,0,1,1]}\n",
            "error: crops.jsonl:1: line\\u{A}break\\u{7}.jpg: cannot open"
        ),
    ])
    func manifestTextIsEscapedInErrorLines(name: String, manifest: String, expected: String) throws {
        let scratch = try Scratch()
        _ = try scratch.copy(CommandRunner.fixtures.appendingPathComponent("photo.jpg"), as: "photo.jpg")
        try Data(manifest.utf8).write(to: scratch.url.appendingPathComponent(name))
        let result = try CommandRunner.run(["crop", "--manifest", name, "--out-dir", "out"], in: scratch.url)
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.first?.hasPrefix(expected) == true, "\(result.stderr)")
        #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }

    @Test func aFileNameIsEscapedInItsErrorLine() throws {
        let scratch = try Scratch()
        let result = try CommandRunner.run(
            ["crop", "x\u{1B}[31m.jpg", "--rect", "0,0,1,1", "-o", "out.png"], in: scratch.url)
        #expect(result.status == 1)
        #expect(result.stderr == "error: x\\u{1B}[31m.jpg: cannot open: No such file or directory\n")
    }
}
