import Foundation
import Testing

/// A job's warnings belong in its answer (`"warnings": [...]`), and the server never waits on
/// stderr: a client that never reads it (Node's `child_process` pipes stderr and reads it only
/// when asked) must still get every answer.
@Suite(.processes) struct BatchWarningTests {
    @Test func aClientThatNeverReadsStderrGetsEveryAnswerWithItsWarnings() throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg"])
        let server = Process()
        server.executableURL = CommandRunner.binary
        server.arguments = ["batch", "--jobs", "2"]
        server.currentDirectoryURL = scratch.url
        let (input, output, errors) = (Pipe(), Pipe(), Pipe())
        (server.standardInput, server.standardOutput, server.standardError) = (input, output, errors)
        try server.run()
        // 3000 jobs of about four warnings each: several times what a 64 KB pipe holds.
        let count = 3000
        let handle = input.fileHandleForWriting
        signal(SIGPIPE, SIG_IGN)
        Thread.detachNewThread {
            for number in 0..<count {
                let line: String
                switch number % 3 {
                case 0:
                    line =
                        #"{"id":\#(number),"command":"crop","input":"a.jpg","rect":"0.9,0.9,0.5,0.5","output":"out/\#(number).jpg","lossless":true,"square":true}"#
                case 1:
                    line =
                        #"{"id":\#(number),"command":"view","input":"a.jpg","screen":[40,30],"zoom":9,"page":4,"output":"out/\#(number).png"}"#
                default:
                    line =
                        #"{"id":\#(number),"command":"crop","input":"a.jpg","rect":[-10,-10,50,40],"units":"px","output":"out/\#(number).png"}"#
                }
                try? handle.write(contentsOf: Data((line + "\n").utf8))
            }
            try? handle.close()
        }
        var seen = Set<Int>()
        var withWarnings = 0
        let reader = output.fileHandleForReading
        var pending = Data()
        let deadline = Date().addingTimeInterval(600)
        while seen.count < count && Date() < deadline {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = pending[pending.startIndex..<newline]
                pending = Data(pending[(newline + 1)...])
                let answer = try #require(try JSONSerialization.jsonObject(with: line) as? [String: Any])
                seen.insert(answer["id"] as? Int ?? -1)
                if let warnings = answer["warnings"] as? [String], !warnings.isEmpty { withWarnings += 1 }
                #expect(answer["status"] as? String == "done", "\(answer)")
            }
        }
        server.waitUntilExit()
        #expect(seen.count == count, "answers \(seen.count) of \(count)")
        #expect(withWarnings == count)
        #expect(server.terminationStatus == 0)
        let written = errors.fileHandleForReading.readDataToEndOfFile()
        #expect(written.count < 64 << 10)
    }

    @Test func eachAnswerCarriesItsOwnWarnings() throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg"])
        let client = try BatchClient(["--jobs", "1"], in: scratch)
        try client.send([
            "id": "clipped", "command": "crop", "input": "a.jpg", "rect": "0.75,0,0.5,0.5", "output": "c.png",
        ])
        let clipped = try client.answer()
        try client.send(["id": "plain", "command": "crop", "input": "a.jpg", "rect": "0,0,0.5,0.5", "output": "p.png"])
        let plain = try client.answer()
        try client.send([
            "id": "pixels", "command": "crop", "input": "a.jpg", "rect": [1700, 0, 200, 100], "units": "px",
            "output": "x.png",
        ])
        let pixels = try client.answer()
        try client.send([
            "id": "zoom", "command": "view", "input": "a.jpg", "screen": [40, 30], "zoom": 9, "output": "z.png",
        ])
        let zoom = try client.answer()
        let end = try client.finish()
        #expect(
            clipped["warnings"] as? [String] == ["stdin:1: rect partly outside the image; clipped to 0.75,0,0.25,0.5"])
        #expect(plain["warnings"] == nil)
        let pixelWarnings = pixels["warnings"] as? [String] ?? []
        #expect(pixelWarnings.count == 1 && pixelWarnings[0].contains("rect partly outside the image"), "\(pixels)")
        #expect(
            (zoom["warnings"] as? [String] ?? []).first?.contains("--zoom 9 is over --max-zoom 4; using 4") == true,
            "\(zoom)")
        #expect(end.stderr == "4 done, 0 failed\n", "\(end.stderr)")
    }
}
