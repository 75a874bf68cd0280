import Foundation
import Testing
import Vips

/// Small things an answer must get right: a turned rect whose angle no double can turn is refused,
/// not cut as angle 0; a board refused before drawing says it drew no cards.
@Suite(.processes) struct BatchAnswerTests {
    @Test(arguments: [1e308, -1e20, 361, 720])
    func anAngleOutOfRangeIsRefusedNotIgnored(angle: Double) throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg"])
        let client = try BatchClient([], in: scratch)
        try client.send([
            "id": 1, "command": "crop", "input": "a.jpg", "rect": "0.2,0.2,0.5,0.5", "angle": angle, "output": "c.png",
        ])
        let answer = try client.answer()
        try client.send([
            "id": 2, "command": "crop", "input": "a.jpg", "rect": "0.2,0.2,0.5,0.5", "angle": -360, "output": "d.png",
        ])
        let turned = try client.answer()
        _ = try client.finish()
        #expect(answer["status"] as? String == "failed")
        let error = BatchClient.text(answer["error"])
        #expect(error.contains("angle: ") && error.contains("expected a number from -360 to 360"), "\(answer)")
        #expect(turned["status"] as? String == "done", "\(turned)")
        #expect(try scratch.contents() == ["a.jpg", "d.png"])
    }

    /// (a job's numbers, what its answer says): numbers no double-to-integer conversion can take
    /// are refused where they are read, in the supervisor, not trapped on (which took the server
    /// down) nor in a worker (which cost a crash).
    @Test(arguments: [
        (
            #""command":"view","input":"a.jpg","screen":[40,30],"animate":"zoom","duration":1e308,"output":"v.gif""#,
            "duration '1e+308': expected seconds, more than 0 and at most 3600"
        ),
        (
            #""command":"crop","input":"a.jpg","rect":[0,0,1e300,1e300],"units":"px","angle":30,"output":"c.png""#,
            "rect: width 1e+300 is beyond 1000000000 pixels"
        ),
        (
            #""command":"crop","input":"a.jpg","rect":[0,0,1e300,1e300],"angle":30,"output":"c.png""#,
            "rect: width 1e+300 is beyond a million times the image's side"
        ),
        (
            #""command":"view","input":"a.jpg","screen":[1e308,1],"output":"v.png""#,
            "is over the 32768 pixels a side Lightbox writes"
        ),
    ])
    func numbersNoIntegerHoldsAreRefusedNotTrappedOn(keys: String, error: String) throws {
        let scratch = try Scratch()
        try WorkerCrashTests.inputs(scratch, ["a.jpg"])
        let client = try BatchClient([], in: scratch)
        try client.send(line: #"{"id":1,\#(keys)}"#)
        let answer = try client.answer()
        let end = try client.finish()
        #expect(end.status == 1)
        #expect(answer["status"] as? String == "failed")
        let text = BatchClient.text(answer["error"])
        #expect(text.contains(error) && !text.contains("crashed"), "\(answer)")
    }

    @Test func aBoardRefusedForAPhotoOutsideTheRootDrawsNoCards() throws {
        let scratch = try Scratch()
        _ = try RootConfinementTests.tree(scratch)
        let client = try BatchClient(["--root", "root"], in: scratch)
        try client.send([
            "id": 1, "command": "board", "board": [200, 200],
            "photos": [["id": "a", "path": "root/in/p.png"], ["id": "b", "path": "outside/secret.png"]],
            "output": "root/b.png",
        ])
        let answer = try client.answer()
        _ = try client.finish()
        #expect(answer["status"] as? String == "failed")
        #expect(answer["cards"] as? Int == 0, "\(answer)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("root/b.png")))
    }

    /// A batch board's photos may be their paths alone, as a layout file's.
    @Test func aBoardsPhotosMayBePlainPaths() throws {
        let scratch = try Scratch()
        for name in ["a.png", "b.png"] {
            _ = try scratch.copy(CommandRunner.fixtures.appendingPathComponent("pattern.png"), as: name)
        }
        let client = try BatchClient([], in: scratch)
        try client.send([
            "id": 1, "command": "board", "board": [200, 200], "photos": ["a.png", ["path": "b.png"]],
            "output": "b.png.board.png",
        ])
        let answer = try client.answer()
        _ = try client.finish()
        #expect(answer["status"] as? String == "done", "\(answer)")
        #expect(answer["cards"] as? Int == 2, "\(answer)")
        #expect(try VImage.load(scratch.path("b.png.board.png")).width == 200)
    }
}
