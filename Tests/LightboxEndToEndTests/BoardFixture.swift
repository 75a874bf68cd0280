import Foundation
import Testing
import Vips

/// Helpers for the `lightbox board` tests: solid photos, the printed layout, and pixels in a card's own frame.
enum BoardFixture {
    /// One card of a printed layout.
    struct Card {
        let id: String
        let index: Int
        let x: Double
        let y: Double
        let angle: Double
        let depth: Double
    }

    /// A square PNG of one colour in `scratch`, returned as its path.
    static func solidPhoto(_ scratch: Scratch, _ name: String, color: [Double], side: Int = 64) throws -> String {
        let path = scratch.path(name)
        try VImage.filled(width: side, height: side, color: color).save(to: path, saver: "pngsave")
        return path
    }

    /// The JSON object a `--dry-run` printed.
    static func object(_ result: CommandRunner.Result) throws -> [String: Any] {
        let line = try #require(result.lines.first, "no output: \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    /// The cards of a printed layout, in drawing order.
    static func cards(_ object: [String: Any]) throws -> [Card] {
        let items = try #require(object["cards"] as? [[String: Any]])
        return try items.map { item in
            let center = try #require(item["center"] as? [String: Any])
            return Card(
                id: try #require(item["id"] as? String), index: try #require(item["index"] as? Int),
                x: try exact(center["x"]), y: try exact(center["y"]),
                angle: try exact(item["angle"]), depth: try exact(item["depth"])
            )
        }
    }

    /// A JSON number read back exactly: `JSONSerialization` gives `NSDecimalNumber`, whose `doubleValue` may miss the last bit.
    static func exact(_ value: Any?) throws -> Double {
        let number = try #require(value as? NSNumber)
        return try #require(Double(number.stringValue))
    }

    /// The output pixel under the point `local` (points from the card's centre, in its own turned frame).
    ///
    /// The card turns clockwise on screen for a positive angle, as SwiftUI's `rotationEffect` with y down.
    static func pixel(_ image: VImage, card: Card, local: (x: Double, y: Double), scale: Double) throws -> [Double] {
        let radians = card.angle * .pi / 180
        let x = card.x + local.x * cos(radians) - local.y * sin(radians)
        let y = card.y + local.x * sin(radians) + local.y * cos(radians)
        return try image.pixel(x: Int(x * scale), y: Int(y * scale))
    }

    /// The largest difference between two colours over their first three bands.
    static func distance(_ first: [Double], _ second: [Double]) -> Double {
        zip(first.prefix(3), second.prefix(3)).map { abs($0 - $1) }.max() ?? .infinity
    }

    /// Writes `text` to `name` in `scratch` and returns its path.
    static func write(_ text: String, _ scratch: Scratch, _ name: String) throws -> String {
        let path = scratch.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}
