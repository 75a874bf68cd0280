import Foundation
import Testing

/// `lightbox board --dry-run`: the printed centres, angles and drawing order match the seed, worked out by hand.
///
/// Expected values come from python3 running the seed's formulas on their own:
/// noise(i, s) = frac(sin((i % 10000) * 12.9898 + s) * 43758.5453) - 0.5, angle = noise(i, 7) * 18,
/// columns = ceil(sqrt(n)), cell = board / (columns, rows), centre = (col + 0.5 + noise(i, 1) * 0.35,
/// row + 0.5 + noise(i, 3) * 0.35) * cell, clamped to the 9-degree box of the card.
@Suite(.processes) struct BoardLayoutNumberTests {
    /// (board, card width, offsets by index, stacking by index, expected (index, x, y, angle, depth) in drawing order).
    typealias Case = (String, Int, [Int: (Double, Double)], [Int], [(Int, Double, Double, Double, Double)])

    static let cases: [Case] = [
        // The demo: five cards on 600x800; card 2 is clamped at the right (600 - 176.31 / 2).
        (
            "600x800", 150, [:], [],
            [
                (0, 103.23451463664242, 158.87715936902168, 5.0011475229403, 0),
                (1, 282.6460002634849, 249.92860101894624, 7.900960918093915, 1),
                (2, 511.8442726017439, 146.01748511122423, -1.1653917933872435, 2),
                (3, 114.17507043239313, 617.7627345957444, -7.67154102823406, 3),
                (4, 313.3492812086479, 541.4921956363833, 5.518233590206364, 4),
            ]
        ),
        // Offsets move cards from home; card 0 is brought to the front: depth 3 + 0 = 3, drawn last.
        (
            "400x300", 120, [0: (60, 20), 1: (-50, 0)], [0],
            [
                (1, 232.6460002634849, 93.72322538210483, 7.900960918093915, 1),
                (2, 112.48422594886507, 204.7565569167091, -1.1653917933872435, 2),
                (0, 163.23451463664242, 100.49962842526378, 5.0011475229403, 3),
            ]
        ),
        // A board smaller than the tilted card box: every centre goes to the middle.
        (
            "160x190", 150, [:], [1, 0],
            [
                (1, 80, 95, 7.900960918093915, 2),
                (0, 80, 95, 5.0011475229403, 3),
            ]
        ),
        // A saved offset far outside is clamped to the corner (88.156, 699.375).
        (
            "600x800", 150, [0: (-1000, 1000)], [],
            [
                (0, 88.15572739825612, 699.3754644684203, 5.0011475229403, 0),
                (1, 282.6460002634849, 249.92860101894624, 7.900960918093915, 1),
                (2, 511.8442726017439, 146.01748511122423, -1.1653917933872435, 2),
                (3, 114.17507043239313, 617.7627345957444, -7.67154102823406, 3),
                (4, 313.3492812086479, 541.4921956363833, 5.518233590206364, 4),
            ]
        ),
    ]

    /// Each case's printed cards match the hand-computed numbers exactly.
    @Test(arguments: cases)
    func printedLayoutMatchesTheSeed(
        size: String, cardWidth: Int, offsets: [Int: (Double, Double)], stacking: [Int],
        expected: [(Int, Double, Double, Double, Double)]
    ) throws {
        let scratch = try Scratch()
        let count = expected.count
        let ids = (0..<count).map { "photo\($0)" }
        let photos = ids.map { #"{"id":"\#($0)","path":"\#($0).jpg"}"# }.joined(separator: ",")
        let offsetText = offsets.map { #""photo\#($0.key)":[\#($0.value.0),\#($0.value.1)]"# }.joined(separator: ",")
        let stackText = stacking.map { #""photo\#($0)""# }.joined(separator: ",")
        let parts = size.split(separator: "x")
        let layout =
            #"{"board":{"width":\#(parts[0]),"height":\#(parts[1])},"cardWidth":\#(cardWidth),"photos":[\#(photos)],"offsets":{\#(offsetText)},"stacking":[\#(stackText)]}"#
        let file = try BoardFixture.write(layout, scratch, "board.json")
        let result = try CommandRunner.run(["board", "--layout", file, "-o", scratch.path("out.png"), "--dry-run"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try BoardFixture.object(result)
        let cards = try BoardFixture.cards(object)
        #expect(cards.map(\.index) == expected.map(\.0))
        #expect(cards.map(\.id) == expected.map { "photo\($0.0)" })
        #expect(cards.map(\.x) == expected.map(\.1))
        #expect(cards.map(\.y) == expected.map(\.2))
        #expect(cards.map(\.angle) == expected.map(\.3))
        #expect(cards.map(\.depth) == expected.map(\.4))
        let card = try #require(object["card"] as? [String: Double])
        #expect(card["width"] == Double(cardWidth) && card["height"] == Double(cardWidth) * 1.2)
        #expect(try scratch.contents() == ["board.json"])
    }

    /// Inputs on the command line print the documented keys, ids, captions, absolute paths and defaults.
    @Test func argumentsGiveTheDocumentedKeysAndDefaults() throws {
        let scratch = try Scratch()
        let result = try CommandRunner.run(
            ["board", "a.jpg", "b/c.png", "--size", "600x800", "-o", "out.jpg", "--dry-run"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try BoardFixture.object(result)
        #expect(
            Array(object.keys).sorted() == [
                "background", "board", "card", "cardWidth", "cards", "dragging", "drawnCard", "offsets", "output",
                "photos",
                "reduceMotion", "scale", "stacking",
            ])
        #expect(object["output"] as? String == "out.jpg")
        #expect(object["scale"] as? Double == 1)
        #expect(object["background"] as? String == "rgb(183.6,140.25,96.9):rgb(140.25,99.45,63.75)")
        let photos = try #require(object["photos"] as? [[String: String]])
        #expect(photos.map { $0["id"] } == ["a.jpg", "b/c.png"])
        #expect(photos.map { $0["caption"] } == ["a", "c"])
        #expect(
            photos.map { $0["path"] }
                == [scratch.path("a.jpg"), scratch.path("b/c.png")].map { URL(fileURLWithPath: $0).standardized.path })
        #expect(try scratch.contents().isEmpty)
    }
}
