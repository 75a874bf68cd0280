import Foundation
import LightboxGeometry
import Testing

/// A 150-point card on a 600 by 800 board, the demo's proportions.
private let card = CGSize(width: 150, height: 180)
private let board = CGSize(width: 600, height: 800)

struct BoardPlacementTests {
    // python3: columns = ceil(sqrt(min(count, 10000))), rows = ceil(count / columns),
    // x = (index % columns + 0.5 + noise(index, 1) * 0.35) * width / columns,
    // y = (index / columns + 0.5 + noise(index, 3) * 0.35) * height / rows (Swift's truncating
    // % and /), then clamped to the tilted card's box.
    @Test(
        arguments: [
            // One card: one cell, the whole board.
            (0, 1, card, board, CGPoint(x: 309.70354390992725, y: 317.75431873804337)),
            // Five cards: 3 columns by 2 rows.
            (0, 5, card, board, CGPoint(x: 103.23451463664242, y: 158.87715936902168)),
            (4, 5, card, board, CGPoint(x: 313.3492812086479, y: 541.4921956363833)),
            // Unclamped x 512.4842259488651 passes the right limit 511.8442726017439.
            (2, 5, card, board, CGPoint(x: 511.8442726017439, y: 146.01748511122423)),
            // Index -1: column -1, row 0, x -130.3948102041977 clamps to the left limit.
            (-1, 5, card, board, CGPoint(x: 88.15572739825612, y: 246.44622688327215)),
            // An index past the count lands below the grid: y 964.1471745657327 clamps.
            (5, 3, card, board, CGPoint(x: 460.7985117909095, y: 699.3754644684203)),
            // The card does not fit: the middle of the board.
            (0, 5, card, CGSize(width: 100, height: 100), CGPoint(x: 50, y: 50)),
            // 10,001 cards: 100 columns by 101 rows; index 10,003 is row 100 with noise of index 3.
            (
                10_003, 10_001, CGSize(width: 1, height: 1.2), CGSize(width: 1000, height: 1000),
                CGPoint(x: 35.708753521619656, y: 995.4891765989046)
            ),
            (
                3, 10_001, CGSize(width: 1, height: 1.2), CGSize(width: 1000, height: 1000),
                CGPoint(x: 35.708753521619656, y: 5.390166697914466)
            ),
            // No cards: the middle of the board.
            (0, 0, card, board, CGPoint(x: 300, y: 400)),
            (3, -2, card, CGSize(width: 50, height: -10), CGPoint(x: 25, y: -5)),
        ] as [(Int, Int, CGSize, CGSize, CGPoint)])
    func center(index: Int, count: Int, card: CGSize, board: CGSize, expected: CGPoint) {
        let result = BoardLayout.center(index: index, count: count, card: card, board: board)
        #expect(result.x == expected.x)
        #expect(result.y == expected.y)
    }

    // Untouched cards sit at their index; touched ones at count + rank in the stacking list.
    @Test(arguments: [
        (0, "a", [String](), 4, 0.0),
        (3, "d", ["b"], 4, 3.0),
        (1, "b", ["b"], 4, 4.0),
        (0, "a", ["b", "c", "a"], 4, 6.0),
        (2, "c", ["zz", "c"], 3, 4.0),
        (0, "a", ["a"], 0, 0.0),
        (-2, "x", [], 5, -2.0),
    ])
    func depth(index: Int, id: String, stacking: [String], count: Int, expected: Double) {
        #expect(BoardLayout.depth(index: index, id: id, stacking: stacking, count: count) == expected)
    }

    @Test(arguments: [
        ([String](), [String](), [Int]()),
        (["a"], [], [0]),
        (["a", "b", "c", "d"], [], [0, 1, 2, 3]),
        // b has depth 4, above a 0, c 2, d 3.
        (["a", "b", "c", "d"], ["b"], [0, 2, 3, 1]),
        // a 6, b 4, c 5, d 3.
        (["a", "b", "c", "d"], ["b", "c", "a"], [3, 1, 2, 0]),
        // Unknown ids in the stacking list still take ranks: c is 3 + 1 = 4.
        (["a", "b", "c"], ["zz", "c"], [0, 1, 2]),
        (["a", "b", "c"], ["c", "zz", "a"], [1, 2, 0]),
        // Two cards with the same id share a depth and keep their order.
        (["a", "a", "b"], ["a"], [2, 0, 1]),
    ])
    func drawingOrder(ids: [String], stacking: [String], expected: [Int]) {
        #expect(BoardLayout.drawingOrder(ids: ids, stacking: stacking) == expected)
    }

    @Test(arguments: [
        ("a", [String](), ["a"]),
        ("a", ["a"], ["a"]),
        ("a", ["b", "a"], ["b", "a"]),
        ("a", ["a", "b"], ["b", "a"]),
        ("b", ["a", "b", "c"], ["a", "c", "b"]),
        ("c", ["a", "b"], ["a", "b", "c"]),
        ("a", ["a", "b", "a", "c"], ["b", "c", "a"]),
    ])
    func bringingToFront(id: String, stacking: [String], expected: [String]) {
        #expect(BoardLayout.bringingToFront(id, in: stacking) == expected)
    }
}
