import Foundation
import Testing
import Vips

/// One photo twice on a board, as the app's board can show it: each card has an id of its own
/// (`a.png`, `a.png#2`, or `--id`), and `--dragging`, offsets and stacking refer to those ids.
@Suite(.processes) struct BoardTwiceTests {
    static let red: [Double] = [220, 30, 30]

    /// The ids of a dry run's cards, in photo order.
    static func ids(_ result: CommandRunner.Result) throws -> [String] {
        try BoardFixture.cards(try BoardFixture.object(result)).sorted { $0.index < $1.index }.map(\.id)
    }

    @Test func aPhotoGivenTwiceIsTwoCardsWithIdsOfTheirOwn() throws {
        let scratch = try Scratch()
        _ = try BoardFixture.solidPhoto(scratch, "a.png", color: Self.red)
        let board = ["board", "a.png", "a.png", "--size", "400x300", "--background", "white"]
        var result = try CommandRunner.run(board + ["-o", "b.png", "--dry-run"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.ids(result) == ["a.png", "a.png#2"])
        result = try CommandRunner.run(board + ["-o", "b.png", "--print-layout", "l.json"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let image = try VImage.load(scratch.path("b.png"))
        let cards = try BoardFixture.cards(
            try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.url.appendingPathComponent("l.json")))
                    as? [String: Any]))
        #expect(cards.count == 2)
        // Both cards show the red photo: 30 points above each card's centre is inside its photo.
        for card in cards {
            let pixel = try BoardFixture.pixel(image, card: card, local: (0, -30), scale: 1)
            #expect(BoardFixture.distance(pixel, Self.red) < 12, "\(card.id): \(pixel)")
        }
        // The second card is dragged by its own id; the first stays put.
        result = try CommandRunner.run(
            board + ["-o", "d.png", "--dry-run", "--dragging", "a.png#2:10,0"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let dragged = try BoardFixture.cards(try BoardFixture.object(result))
        #expect(dragged.last?.id == "a.png#2")
        #expect(try BoardFixture.object(result)["dragging"].map { "\($0)" }?.contains("a.png#2") == true)
        result = try CommandRunner.run(board + ["-o", "d.png", "--dragging", "b.png:0,0"], in: scratch.url)
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix("Error: --dragging 'b.png': no card has this id (the ids are a.png, a.png#2)\n"))
    }

    @Test func idsGivenWithIdAreTheCardsIds() throws {
        let scratch = try Scratch()
        _ = try BoardFixture.solidPhoto(scratch, "a.png", color: Self.red)
        let result = try CommandRunner.run(
            [
                "board", "a.png", "a.png", "--id", "left,right", "--size", "400x300", "-o", "b.png", "--dry-run",
                "--dragging", "right:0,0",
            ], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.ids(result) == ["left", "right"])
    }

    @Test func aLayoutListingAPathTwiceNamesTheSecondCardPathHash2() throws {
        let scratch = try Scratch()
        _ = try BoardFixture.solidPhoto(scratch, "a.png", color: Self.red)
        let layout = try BoardFixture.write(
            #"{"board":[400,300],"photos":[{"path":"a.png"},{"path":"a.png"}],"offsets":{"a.png#2":[5,0]},"stacking":["a.png"]}"#,
            scratch, "layout.json")
        let result = try CommandRunner.run(["board", "--layout", layout, "-o", "b.png", "--dry-run"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let cards = try BoardFixture.cards(try BoardFixture.object(result))
        #expect(Set(cards.map(\.id)) == ["a.png", "a.png#2"])
        // "a.png" was brought to the front: it is drawn last.
        #expect(cards.last?.id == "a.png")
    }
}
