import Foundation
import Testing
@testable import LightboxCLI

/// Shards, YOLO boxes and class names, against hand-computed values.
@Suite struct BatchToolsTests {
    @Test(arguments: 1...7)
    func shardsCoverEveryItemExactlyOnce(count: Int) {
        let items = Array(0..<23)
        let shares = (0..<count).map { Shard(index: $0, count: count).share(of: items) }
        #expect(shares.flatMap { $0 }.sorted() == items)
        #expect(shares.map(\.count).max()! - shares.map(\.count).min()! <= 1)
    }

    @Test(arguments: [
        ("1/1", 0), ("3/4", 2), ("4/4", 3), ("0/4", nil), ("5/4", nil), ("-1/4", nil), ("1/0", nil), ("1", nil),
        ("a/b", nil), ("1/2/3", nil),
    ] as [(String, Int?)])
    func shardParsingCountsFromOne(text: String, index: Int?) {
        #expect(Shard(text)?.index == index)
    }

    /// (label line, pad, expected class and x, y, width, height), worked out by hand.
    static let boxes: [(String, Double, Int, [Double])] = [
        ("0 0.5 0.5 0.2 0.4", 0, 0, [0.4, 0.3, 0.2, 0.4]),
        ("3 0.25 0.75 0.5 0.5", 0, 3, [0, 0.5, 0.5, 0.5]),
        // pad 0.25: each side moves out by a quarter of the box: 0.2 wide becomes 0.3.
        ("1 0.5 0.5 0.2 0.4", 0.25, 1, [0.35, 0.2, 0.3, 0.6]),
        // A padded box at the edge is clipped to the image.
        ("2 0.1 0.1 0.2 0.2", 0.5, 2, [0, 0, 0.3, 0.3]),
        // A sixth value (a confidence) is ignored.
        ("0 0.5 0.5 1 1 0.93", 0, 0, [0, 0, 1, 1]),
    ]

    @Test(arguments: boxes)
    func yoloBoxes(line: String, pad: Double, classID: Int, expected: [Double]) throws {
        let reader = YOLOReader(labels: "l", images: "i", names: [:], pad: pad, square: false, strict: false)
        let (id, rect) = try reader.box(line, file: "a.txt", line: 1).get()
        #expect(id == classID)
        let values = [rect.minX, rect.minY, rect.width, rect.height].map { (Double($0) * 1e9).rounded() / 1e9 }
        #expect(values == expected)
    }

    @Test(arguments: [
        ("0 0.5 0.5 0.2", "a.txt:4: expected 'class cx cy w h', got 4 values"),
        ("x 0.5 0.5 0.2 0.2", "a.txt:4: class: 'x' is not a class id"),
        ("0 0.5 abc 0.2 0.2", "a.txt:4: cy: 'abc' is not a number"),
        ("0 2 2 0.2 0.2", "a.txt:4: box: the rect lies outside the image (it must overlap 0...1)"),
    ])
    func badYOLOLines(line: String, message: String) {
        let reader = YOLOReader(labels: "l", images: "i", names: [:], pad: 0, square: false, strict: false)
        #expect(throws: BatchProblem.self) { try reader.box(line, file: "a.txt", line: 4).get() }
        if case .failure(let problem) = reader.box(line, file: "a.txt", line: 4) { #expect(problem.description == message) }
    }

    @Test(arguments: [
        ("names: ['cat', \"dog\", bird]\n", [0: "cat", 1: "dog", 2: "bird"]),
        ("path: x\nnames:\n  - cat\n  - dog\nnc: 2\n", [0: "cat", 1: "dog"]),
        ("names:\n  0: person\n  2: car\ntrain: x\n", [0: "person", 2: "car"]),
    ])
    func dataYAMLNames(text: String, expected: [Int: String]) throws {
        #expect(try ClassNames.yaml(text, path: "data.yaml") == expected)
    }

    @Test func progressText() {
        #expect(ProgressLine.text(done: 50, total: 200, elapsed: 10) == "50/200  5.0/s  ETA 0:30")
        #expect(ProgressLine.text(done: 0, total: 10, elapsed: 0) == "0/10  0.0/s  ETA 0:00")
    }
}
