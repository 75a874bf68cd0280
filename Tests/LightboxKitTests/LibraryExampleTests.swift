import Foundation
import LightboxGeometry
import Testing
import Vips

/// docs/library.md's example is this package's `LibraryExample.swift`, and it renders what it says.
@Suite struct LibraryExampleTests {
    /// The ```swift block under "## A complete example" in docs/library.md.
    static func documentedExample() throws -> String {
        let doc = try String(
            contentsOf: TemporaryFolder.root.appendingPathComponent("docs/library.md"), encoding: .utf8)
        let section = try #require(doc.components(separatedBy: "\n## A complete example\n").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```swift\n").dropFirst().first)
        return try #require(block.components(separatedBy: "\n```\n").first) + "\n"
    }

    /// The doc shows the example file byte for byte.
    @Test func docShowsTheExampleFile() throws {
        let file = try String(
            contentsOf: TemporaryFolder.root.appendingPathComponent("Tests/LightboxKitTests/LibraryExample.swift"),
            encoding: .utf8)
        #expect(try Self.documentedExample() == file)
    }

    /// The two crops hold the pattern's pixels at their corners.
    @Test func cropsCutThePixelsAsked() throws {
        let folder = try TemporaryFolder()
        let paths = try makePictures(from: TemporaryFolder.fixture("pattern.png"), in: folder.path)
        #expect(try folder.contents() == ["board.png", "left.png", "middle.png", "viewer.png"])
        let left = try VImage.load(paths[0])
        #expect((left.width, left.height) == (320, 480))
        #expect(try TemporaryFolder.patternSource(left, x: 0, y: 0) == (0, 0))
        #expect(try TemporaryFolder.patternSource(left, x: 319, y: 479) == (319, 479))
        let middle = try VImage.load(paths[1])
        #expect((middle.width, middle.height) == (320, 240))
        #expect(try TemporaryFolder.patternSource(middle, x: 0, y: 0) == (320, 120))
        #expect(try TemporaryFolder.patternSource(middle, x: 319, y: 239) == (639, 359))
    }

    /// The snapshot fits the left crop on black, its centre at the crop's centre, the close button's cross white.
    @Test func viewerShowsTheFirstCropWithItsHeader() throws {
        let folder = try TemporaryFolder()
        let viewer = try VImage.load(try makePictures(from: TemporaryFolder.fixture("pattern.png"), in: folder.path)[2])
        #expect((viewer.width, viewer.height) == (390, 844))
        // The crop (320x480) fits 390x585 points, from y 129.5 to 714.5: black above and below.
        #expect(try viewer.pixel(x: 195, y: 110) == [0, 0, 0])
        #expect(try viewer.pixel(x: 195, y: 730) == [0, 0, 0])
        let centre = try TemporaryFolder.patternSource(viewer, x: 195, y: 422)
        #expect(abs(centre.x - 160) <= 2 && abs(centre.y - 240) <= 2)
        // The cross's centre: 16 points from the right edge, a 44-point button, below the 47-point inset.
        #expect(try viewer.pixel(x: 390 - 16 - 22, y: 47 + 22).allSatisfy { $0 > 200 })
    }

    /// The board is the background colour at its corners and the first crop at the first card's centre.
    @Test func boardPlacesTheCropsAsTheAppDoes() throws {
        let folder = try TemporaryFolder()
        let board = try VImage.load(try makePictures(from: TemporaryFolder.fixture("pattern.png"), in: folder.path)[3])
        #expect((board.width, board.height) == (400, 300))
        #expect(try board.pixel(x: 0, y: 0) == [51, 102, 153])
        #expect(try board.pixel(x: 399, y: 299) == [51, 102, 153])
        let size = CGSize(width: 400, height: 300)
        let card = BoardLayout.cardSize(width: BoardLayout.defaultCardWidth)
        let home = BoardLayout.clamped(
            BoardLayout.center(index: 0, count: 2, card: card, board: size), card: card, board: size)
        // The card's centre is 11 points below its photo's centre: source (160, 266) of the left crop.
        let source = try TemporaryFolder.patternSource(board, x: Int(home.x), y: Int(home.y))
        #expect(abs(source.x - 160) <= 6 && abs(source.y - 266) <= 6, "\(source)")
    }
}
