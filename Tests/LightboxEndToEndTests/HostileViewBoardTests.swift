import Foundation
import Testing
import Vips

/// `lightbox view` and `lightbox board` over the hostile-input corpus.
@Suite struct HostileViewBoardTests {
    @Test func viewGivesASnapshotOrAOneLineError() throws {
        let scratch = try Scratch()
        let corpus = try HostileCorpus.make(in: scratch)
        for (name, _) in HostileCorpus.good {
            let output = scratch.path("good-\(name).png")
            let result = try CommandRunner.run(["view", "\(corpus)/\(name)", "--screen", "40x30", "-o", output])
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(try VImage.load(output).width == 40, "\(name)")
        }
        for name in HostileCorpus.bad {
            let output = scratch.path("bad-\(name).png")
            let result = try CommandRunner.run(["view", "\(corpus)/\(name)", "--screen", "40x30", "-o", output])
            #expect(result.status == 1, "\(name)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].hasPrefix("error: \(corpus)/\(name): "), "\(name): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: output), "\(name) left an output")
        }
        #expect(try scratch.contents().allSatisfy { !$0.hasPrefix(".") })
    }

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
        let view = try CommandRunner.run(["view", "\(corpus)/bomb.png", "--screen", "40x30", "-o", scratch.path("v.png")])
        #expect(view.stderr.contains("over the limit of 250000000 pixels"), "\(view.stderr)")
        let board = try CommandRunner.run(["board", "\(corpus)/bomb.png", "--size", "300x300", "-o", scratch.path("b.png")])
        #expect(board.stderr.contains("over the limit of 250000000 pixels"), "\(board.stderr)")
    }
}
