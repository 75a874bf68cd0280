import Foundation
import Testing
import Vips

/// `lightbox board` (and the bomb for `view`) over the hostile-input corpus; single inputs of `view` are in `HostileCropTests`.
@Suite(.processes) struct HostileViewBoardTests {
    @Test func boardSkipsEachBadPhotoWithOneLineAndDrawsTheRest() throws {
        let scratch = try Scratch()
        let corpus = try HostileCorpus.make(in: scratch)
        for name in HostileCorpus.bad {
            let output = scratch.path("board-\(name).png")
            let result = try CommandRunner.run([
                "board", "\(corpus)/\(name)", "\(corpus)/one.png", "--size", "400x300", "-o", output,
            ])
            #expect(result.status == 1, "\(name)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].hasPrefix("error: \(corpus)/\(name): "), "\(name): \(result.stderr)")
            #expect(try VImage.load(output).width == 400, "\(name): the other card is still drawn")
        }
        let good = HostileCorpus.good.map { "\(corpus)/\($0.0)" }
        let result = try CommandRunner.run(["board"] + good + ["--size", "400x300", "-o", scratch.path("good.png")])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func boardAndViewRefuseABombFromItsHeader() throws {
        let scratch = try Scratch()
        let corpus = try HostileCorpus.make(in: scratch)
        let view = try CommandRunner.run([
            "view", "\(corpus)/bomb.png", "--screen", "40x30", "-o", scratch.path("v.png"),
        ])
        #expect(view.stderr.contains("over the limit of 250000000 pixels"), "\(view.stderr)")
        let board = try CommandRunner.run([
            "board", "\(corpus)/bomb.png", "--size", "300x300", "-o", scratch.path("b.png"),
        ])
        #expect(board.stderr.contains("over the limit of 250000000 pixels"), "\(board.stderr)")
    }

    /// (layout in the corpus, exit code, what the one error line holds, whether a board is written).
    static let layouts: [(String, Int32, String, Bool)] = [
        ("layout-utf8.json", 65, ": not valid JSON at line 1, column 68", false),
        ("layout-long.json", 1, "/xxxxxxxx", true),
        ("layout-nan.json", 65, ": not valid JSON at line 1, column 11", false),
        ("layout-huge.json", 65, ": board.width: 1e+308 points: expected more than 0, at most 100000", false),
        ("layout-repeated.json", 65, ": photos[1].id: duplicate id 'a'", false),
        ("layout-zero.json", 0, "", true),
    ]

    @Test(arguments: layouts)
    func hostileLayouts(name: String, status: Int32, message: String, writes: Bool) throws {
        let scratch = try Scratch()
        let corpus = try HostileCorpus.make(in: scratch)
        let result = try CommandRunner.run(
            ["board", "--layout", "\(corpus)/\(name)", "-o", scratch.path("board.png")],
            in: URL(fileURLWithPath: corpus))
        #expect(result.status == status, "\(result.stderr.prefix(300))")
        let lines = result.stderr.split(separator: "\n")
        #expect(FileManager.default.fileExists(atPath: scratch.path("board.png")) == writes)
        if writes { #expect(try VImage.load(scratch.path("board.png")).width == 300) }
        if status == 0 {
            #expect(lines.isEmpty)
        } else {
            #expect(lines.count == 1 && lines[0].count < 1_100, "\(result.stderr.prefix(300))")
            #expect(lines.first?.hasPrefix("error: \(corpus)/") == true)
            #expect(lines.first?.contains(message) == true, "\(result.stderr.prefix(300))")
        }
    }
}
