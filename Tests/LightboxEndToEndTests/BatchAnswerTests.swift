import Foundation
import Testing

/// Small things an answer must get right: a turned rect whose angle no double can turn is refused,
/// not cut as angle 0; a board refused before drawing says it drew no cards.
@Suite struct BatchAnswerTests {
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
}
