import Foundation
import Testing
import Vips

/// `lightbox board` pixels: photo in the card, turn direction, stacking, shadow, caption, round trip.
@Suite(.processes) struct BoardPixelTests {
    static let red: [Double] = [220, 20, 30]
    static let blue: [Double] = [20, 40, 210]
    static let grey: [Double] = [128, 128, 128]

    /// Draws a one-or-more-card board from a layout file and returns its image and printed cards.
    static func draw(
        _ layout: String, scale: Double, in scratch: Scratch, extra: [String] = []
    ) throws -> (VImage, [BoardFixture.Card]) {
        let file = try BoardFixture.write(layout, scratch, "board-\(UUID().uuidString).json")
        let output = scratch.path("board-\(UUID().uuidString).png")
        let arguments = ["board", "--layout", file, "-o", output, "--scale", "\(scale)"] + extra
        let printed = try CommandRunner.run(arguments + ["--dry-run"])
        let result = try CommandRunner.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return (try VImage.load(output), try BoardFixture.cards(BoardFixture.object(printed)))
    }

    /// At scale 1 and 2, each card's centre pixel is its photo's colour and the corner is the board's.
    @Test(arguments: [1.0, 2.0])
    func cardCentreShowsItsPhotoAndTheBoardShowsTheBackground(scale: Double) throws {
        let scratch = try Scratch()
        _ = try BoardFixture.solidPhoto(scratch, "red.png", color: Self.red)
        _ = try BoardFixture.solidPhoto(scratch, "blue.png", color: Self.blue)
        let layout = ##"{"board":[500,300],"background":"#808080","photos":[{"path":"red.png"},{"path":"blue.png"}]}"##
        let (image, cards) = try Self.draw(layout, scale: scale, in: scratch)
        #expect(image.width == Int(500 * scale) && image.height == Int(300 * scale))
        for card in cards {
            let expected = card.id == "red.png" ? Self.red : Self.blue
            let centre = try BoardFixture.pixel(image, card: card, local: (0, 0), scale: scale)
            #expect(BoardFixture.distance(centre, expected) <= 2, "\(card.id) centre \(centre)")
        }
        #expect(BoardFixture.distance(try image.pixel(x: 0, y: 0), Self.grey) <= 1)
    }

    /// A point 3 points inside the photo's top-right corner lands where a clockwise turn puts it, not a counter-clockwise one.
    @Test(arguments: [0, 1, 3])
    func positiveAnglesTurnClockwiseOnScreen(index: Int) throws {
        let scratch = try Scratch()
        _ = try BoardFixture.solidPhoto(scratch, "red.png", color: Self.red)
        let photos = (0...index).map { #"{"id":"p\#($0)","path":"red.png"}"# }.joined(separator: ",")
        let layout = ##"{"board":[1200,1200],"background":"#808080","photos":[\##(photos)]}"##
        let (image, cards) = try Self.draw(layout, scale: 2, in: scratch)
        let card = try #require(cards.first { $0.index == index })
        // The photo spans x -67...67 and y -78...56 from the card's centre (150x172 card, padding 8).
        let corner = (x: 64.0, y: -75.0)
        let turned = try BoardFixture.pixel(image, card: card, local: corner, scale: 2)
        let mirrored = BoardFixture.Card(
            id: card.id, index: card.index, x: card.x, y: card.y, angle: -card.angle, depth: card.depth)
        let wrongWay = try BoardFixture.pixel(image, card: mirrored, local: corner, scale: 2)
        #expect(abs(card.angle) > 1)
        #expect(BoardFixture.distance(turned, Self.red) <= 3, "clockwise point \(turned)")
        #expect(BoardFixture.distance(wrongWay, Self.red) > 60, "counter-clockwise point \(wrongWay)")
    }

    /// Two cards on a board too small for either sit at the same centre: the one drawn last covers it.
    @Test(arguments: [("[]", "blue.png"), (#"["red.png"]"#, "red.png"), (#"["red.png","blue.png"]"#, "blue.png")])
    func theCardBroughtToTheFrontIsOnTop(stacking: String, expectedOnTop: String) throws {
        let scratch = try Scratch()
        _ = try BoardFixture.solidPhoto(scratch, "red.png", color: Self.red)
        _ = try BoardFixture.solidPhoto(scratch, "blue.png", color: Self.blue)
        let layout = #"{"board":[160,190],"photos":[{"path":"red.png"},{"path":"blue.png"}],"stacking":\#(stacking)}"#
        let (image, cards) = try Self.draw(layout, scale: 2, in: scratch)
        #expect(cards.last?.id == expectedOnTop)
        let centre = try image.pixel(x: 160, y: 190)
        #expect(BoardFixture.distance(centre, expectedOnTop == "red.png" ? Self.red : Self.blue) <= 2, "\(centre)")
    }

    /// Just below a card the shadow darkens the board; above it, and far away, the board is nearly untouched.
    @Test func theShadowIsDarkerThanTheBoardBelowTheCardAndFadesAway() throws {
        let scratch = try Scratch()
        _ = try BoardFixture.solidPhoto(scratch, "red.png", color: Self.red)
        let layout = ##"{"board":[400,400],"background":"#c0c0c0","photos":[{"path":"red.png"}]}"##
        let (image, cards) = try Self.draw(layout, scale: 2, in: scratch)
        let card = try #require(cards.first)
        // The drawn card is 172 points tall: its edges are 86 points from the centre.
        let board = try BoardFixture.pixel(image, card: card, local: (0, 86 + 30), scale: 2)
        let below = try BoardFixture.pixel(image, card: card, local: (0, 86 + 2), scale: 2)
        let above = try BoardFixture.pixel(image, card: card, local: (0, -86 - 2), scale: 2)
        #expect(BoardFixture.distance(board, [192, 192, 192]) <= 1)
        #expect(below.prefix(3).allSatisfy { $0 < 192 - 10 }, "below \(below)")
        #expect(above[0] > below[0], "the shadow falls down: above \(above), below \(below)")
    }

    /// A card with a caption has dark text pixels on its caption line; one without has none.
    @Test func theCaptionIsDrawnUnderThePhoto() throws {
        let scratch = try Scratch()
        _ = try BoardFixture.solidPhoto(scratch, "red.png", color: Self.red)
        let layout =
            #"{"board":[700,300],"photos":[{"id":"a","path":"red.png","caption":"WWWWWW"},{"id":"b","path":"red.png","caption":""}]}"#
        let (image, cards) = try Self.draw(layout, scale: 2, in: scratch)
        // The caption line box runs from y 62 to 78 from the centre, directly under the photo and its gap.
        /// The darkest grey along the caption line's middle, 30 points either side of the centre.
        func darkest(_ card: BoardFixture.Card) throws -> Double {
            try stride(from: -30.0, through: 30, by: 1).map { x in
                try BoardFixture.pixel(image, card: card, local: (x, 70), scale: 2).prefix(3).reduce(0, +) / 3
            }.min() ?? 255
        }
        let captioned = try #require(cards.first { $0.id == "a" })
        let plain = try #require(cards.first { $0.id == "b" })
        #expect(try darkest(captioned) < 140)
        #expect(try darkest(plain) > 245)
    }

    /// A caption far too long is cut to the photo's width: text reaches both ends of the line but not the padding.
    @Test func aLongCaptionIsCutToThePhotoWidth() throws {
        let scratch = try Scratch()
        _ = try BoardFixture.solidPhoto(scratch, "red.png", color: Self.red)
        let caption = String(repeating: "Wide caption ", count: 8)
        let layout = #"{"board":[400,400],"photos":[{"path":"red.png","caption":"\#(caption)"}]}"#
        let (image, cards) = try Self.draw(layout, scale: 2, in: scratch)
        let card = try #require(cards.first)
        /// The darkest grey on the caption band (y 64 to 76 from the centre) between `from` and `to` points.
        func darkest(from: Double, to: Double) throws -> Double {
            var result = 255.0
            for x in stride(from: from, through: to, by: 0.5) {
                for y in stride(from: 64.0, through: 76, by: 1) {
                    result = min(
                        result,
                        try BoardFixture.pixel(image, card: card, local: (x, y), scale: 2).prefix(3).reduce(0, +) / 3)
                }
            }
            return result
        }
        #expect(try darkest(from: -66, to: -50) < 160, "text at the left end")
        #expect(try darkest(from: 50, to: 66) < 160, "text (the ellipsis) at the right end")
        #expect(try darkest(from: -73, to: -68.5) > 240, "nothing in the left padding")
        #expect(try darkest(from: 68.5, to: 73) > 240, "nothing in the right padding")
    }

    /// `--print-layout` fed back with `--layout` draws the very same pixels.
    @Test func aPrintedLayoutFedBackGivesTheSameImage() throws {
        let scratch = try Scratch()
        let photos = CommandRunner.orientationPhotos
        let first = photos.appendingPathComponent("Landscape_6.jpg").path
        let second = photos.appendingPathComponent("Portrait_3.jpg").path
        let third = CommandRunner.fixtures.appendingPathComponent("alpha.png").path
        let original = scratch.path("original.png")
        let printed = scratch.path("layout.json")
        let result = try CommandRunner.run([
            "board", first, second, third, "--captions", "Lisbon,Oslo,Kyoto", "--size", "500x400",
            "--scale", "1.5", "--background", "#203040:1,0.9,0.8", "-o", original, "--print-layout", printed,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let again = scratch.path("again.png")
        let replay = try CommandRunner.run(["board", "--layout", printed, "-o", again])
        #expect(replay.status == 0, "\(replay.stderr)")
        let (a, b) = (try VImage.load(original), try VImage.load(again))
        #expect(a.width == 750 && b.width == 750 && a.height == 600)
        #expect(try ImageDifference.mean(a, b) == 0)
        #expect(try a.average() > 0)
    }
}
