import Foundation
import Testing
import Vips

/// The drawn card's content height and caption place, and the dragged card: lifted, upright, on top.
@Suite(.processes) struct BoardLiftTests {
    static let red: [Double] = [220, 20, 30]
    static let blue: [Double] = [30, 60, 160]

    /// Draws `layout` at scale 2 with `extra` options; returns the image and the printed layout.
    static func draw(_ layout: String, in scratch: Scratch, extra: [String] = []) throws -> (VImage, [String: Any]) {
        _ = try BoardFixture.solidPhoto(scratch, "red.png", color: red)
        let file = try BoardFixture.write(layout, scratch, "board-\(UUID().uuidString).json")
        let output = scratch.path("board-\(UUID().uuidString).png")
        let arguments = ["board", "--layout", file, "-o", output, "--scale", "2", "--background", "#1e3ca0"] + extra
        let printed = try CommandRunner.run(arguments + ["--dry-run"])
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return (try VImage.load(output), try BoardFixture.object(printed))
    }

    /// The rows (from, to) of the white run through pixel column `x` around row `y`.
    static func whiteRun(_ image: VImage, x: Int, around y: Int) throws -> (Int, Int) {
        var top = y
        var bottom = y
        while top > 0, try image.pixel(x: x, y: top - 1).prefix(3).allSatisfy({ $0 > 240 }) { top -= 1 }
        while bottom < image.height - 1, try image.pixel(x: x, y: bottom + 1).prefix(3).allSatisfy({ $0 > 240 }) {
            bottom += 1
        }
        return (top, bottom)
    }

    /// The first and last rows with caption ink (darker than 150) in a band of columns.
    static func inkRows(_ image: VImage, columns: ClosedRange<Int>, rows: ClosedRange<Int>) throws -> (Int, Int)? {
        var found: [Int] = []
        for y in rows {
            for x in stride(from: columns.lowerBound, through: columns.upperBound, by: 1)
            where try image.pixel(x: x, y: y).prefix(3).reduce(0, +) / 3 < 150 {
                found.append(y)
                break
            }
        }
        guard let first = found.first, let last = found.last else { return nil }
        return (first, last)
    }

    /// The lifted card is upright: 172 x 1.06 points tall, the caption's ink centred 156 x 1.06 points below its top.
    @Test func anUprightCardIsAsTallAsItsContentWithTheCaptionUnderThePhoto() throws {
        let scratch = try Scratch()
        let layout =
            #"{"board":[400,400],"photos":[{"id":"a","path":"red.png","caption":"HHHH"}],"dragging":{"id":"a","translation":[0,0]}}"#
        let (image, printed) = try Self.draw(layout, in: scratch)
        let card = try #require(try BoardFixture.cards(printed).first)
        #expect(card.angle == 0)
        let (cx, cy) = (Int(card.x * 2), Int(card.y * 2))
        // 74 points right of the centre is the white margin beside the photo (photo +-71, card +-79.5 points).
        let (top, bottom) = try Self.whiteRun(image, x: cx + 148, around: cy)
        let height = Double(bottom - top + 1) / 2
        #expect(abs(height - 172 * 1.06) <= 1.5, "card \(height) points tall")
        let belowPhoto = top + Int((143 * 1.06 * 2).rounded())
        let ink = try #require(try Self.inkRows(image, columns: (cx - 40)...(cx + 40), rows: belowPhoto...bottom))
        let inkCentre = Double(ink.0 + ink.1 + 1) / 2 / 2
        #expect(
            abs(inkCentre - Double(top) / 2 - 156 * 1.06) <= 1.2,
            "caption ink centred \(inkCentre - Double(top) / 2) points below the top")
        // The photo ends 6 x 1.06 points above the caption's line box: no ink there.
        let photoBottom = Double(top) / 2 + 142 * 1.06
        #expect(
            Double(ink.0) / 2 > photoBottom + 6 * 1.06, "ink starts at \(Double(ink.0) / 2), photo ends \(photoBottom)")
    }

    /// The dragged card: at clamped(home + saved + translation), angle 0, scale 1.06, on top; drawn 1.06 times wider.
    @Test func theDraggedCardIsLiftedUprightAndOnTop() throws {
        let scratch = try Scratch()
        let photos = #"[{"id":"a","path":"red.png"},{"id":"b","path":"red.png"},{"id":"c","path":"red.png"}]"#
        let rest = #"{"board":[600,600],"photos":\#(photos),"offsets":{"b":[10,5]}}"#
        let dragged =
            #"{"board":[600,600],"photos":\#(photos),"offsets":{"b":[10,5]},"dragging":{"id":"b","translation":{"width":-30,"height":40}}}"#
        let (_, before) = try Self.draw(rest, in: scratch)
        let (image, after) = try Self.draw(dragged, in: scratch)
        let home = try #require(try BoardFixture.cards(before).first { $0.id == "b" })
        let cards = try BoardFixture.cards(after)
        let lifted = try #require(cards.last)
        #expect(lifted.id == "b")
        #expect(lifted.angle == 0)
        #expect(abs(lifted.x - (home.x - 30)) < 1e-9 && abs(lifted.y - (home.y + 40)) < 1e-9)
        let item = try #require((after["cards"] as? [[String: Any]])?.last)
        #expect(item["lifted"] as? Bool == true)
        #expect(try BoardFixture.exact(item["scale"]) == 1.06)
        // The white run across the card's bottom padding spans 150 x 1.06 points; both sides start on the same row (upright).
        let row = Int((lifted.y + 84) * 2)
        var left = Int(lifted.x * 2)
        while try image.pixel(x: left - 1, y: row).prefix(3).allSatisfy({ $0 > 240 }) { left -= 1 }
        var right = Int(lifted.x * 2)
        while try image.pixel(x: right + 1, y: row).prefix(3).allSatisfy({ $0 > 240 }) { right += 1 }
        #expect(
            abs(Double(right - left + 1) / 2 - 150 * 1.06) <= 1.5, "card \(Double(right - left + 1) / 2) points wide")
        let (topLeft, _) = try Self.whiteRun(image, x: left + 8, around: row)
        let (topRight, _) = try Self.whiteRun(image, x: right - 8, around: row)
        #expect(abs(topLeft - topRight) <= 1)
    }

    /// With Reduce Motion the dragged card follows the drag and comes to the front, but keeps its tilt and size.
    @Test func reduceMotionDoesNotLift() throws {
        let scratch = try Scratch()
        let layout =
            #"{"board":[600,600],"photos":[{"id":"a","path":"red.png"},{"id":"b","path":"red.png"}],"dragging":{"id":"a","translation":[20,0]}"#
        let (inFile, plain) = (layout + #","reduceMotion":true}"#, layout + "}")
        let (_, fromFile) = try Self.draw(inFile, in: scratch)
        let (_, fromOption) = try Self.draw(plain, in: scratch, extra: ["--reduce-motion"])
        for printed in [fromFile, fromOption] {
            let item = try #require((printed["cards"] as? [[String: Any]])?.last)
            #expect(item["id"] as? String == "a")
            #expect(item["lifted"] as? Bool == false)
            #expect(try BoardFixture.exact(item["scale"]) == 1)
            #expect(try BoardFixture.exact(item["angle"]) != 0)
            #expect(printed["reduceMotion"] as? Bool == true)
        }
    }

    /// `--dragging ID:DX,DY` on the command line gives the same board as the layout key; the id may hold colons.
    @Test func draggingOnTheCommandLine() throws {
        let scratch = try Scratch()
        let photo = try BoardFixture.solidPhoto(scratch, "a:b.png", color: Self.blue)
        let other = try BoardFixture.solidPhoto(scratch, "c.png", color: Self.red)
        let result = try CommandRunner.run([
            "board", photo, other, "--size", "500x500", "--dragging", "\(photo):12,-7", "-o", "x.png", "--dry-run",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try BoardFixture.object(result)
        let drag = try #require(object["dragging"] as? [String: Any])
        #expect(drag["id"] as? String == photo)
        #expect(try BoardFixture.cards(object).last?.id == photo)
        for bad in ["nocolon", "\(photo):1", "\(photo):a,b", "missing.png:1,2"] {
            let refused = try CommandRunner.run([
                "board", photo, other, "--size", "500x500", "--dragging", bad, "-o", "x.png", "--dry-run",
            ])
            #expect(refused.status == 64, "\(bad)")
            #expect(refused.stderr.hasPrefix("Error: --dragging"), "\(refused.stderr)")
        }
    }

    /// `--device` gives the board's size and scale; `--size` and `--scale` win over it.
    @Test(arguments: [
        ([String](), 393.0, 852.0, 3.0), (["--scale", "1"], 393, 852, 1), (["--size", "300x200"], 300, 200, 3),
    ])
    func deviceGivesTheBoard(extra: [String], width: Double, height: Double, scale: Double) throws {
        let scratch = try Scratch()
        let photo = try BoardFixture.solidPhoto(scratch, "a.png", color: Self.blue)
        let result = try CommandRunner.run(
            ["board", photo, "--device", "iphone-15", "-o", "x.png", "--dry-run"] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        let object = try BoardFixture.object(result)
        let board = try #require(object["board"] as? [String: Any])
        #expect(try BoardFixture.exact(board["width"]) == width && BoardFixture.exact(board["height"]) == height)
        #expect(try BoardFixture.exact(object["scale"]) == scale)
    }
}
