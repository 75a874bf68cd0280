import Foundation
import Testing
import Vips

/// A board's captions in other scripts, from the written file: Arabic as wide as Pango draws it
/// (#40 item 4's board), and one warning for a caption with a character no installed font has.
@Suite(.processes) struct BoardCaptionScriptTests {
    /// The caption's font on a lifted card at scale 2: 12 points times 2 times the lift's 1.06.
    static let liftedFont = "Inter Display,Inter,DejaVu Sans Medium 25.44"

    /// Whether each column of `image` (sRGB) has a pixel darker than 140, from its first such
    /// column to its last: on a white card over a white board, only the caption's letters (75%
    /// black) are, not the shadow.
    static func darkColumns(_ image: VImage) throws -> [Bool] {
        let bytes = try image.band(0, count: 3).ucharBytes()
        let dark = Set(stride(from: 0, to: bytes.count, by: 3).filter { bytes[$0] < 140 }.map { $0 / 3 % image.width })
        guard let first = dark.min(), let last = dark.max() else { return [] }
        return (first...last).map(dark.contains)
    }

    /// Pango's own drawing of `text` in the lifted caption's font, as `darkColumns` sees it: the
    /// columns that 75% black over white makes darker than 140 (an alpha over 150).
    static func pangoColumns(_ text: String) throws -> [Bool] {
        let drawn = try VImage.text(text, font: liftedFont, dpi: 72, rgba: true)
        let bytes = try drawn.ucharBytes()
        let dark = Set(stride(from: 3, to: bytes.count, by: 4).filter { bytes[$0] > 150 }.map { $0 / 4 % drawn.width })
        guard let first = dark.min(), let last = dark.max() else { return [] }
        return (first...last).map(dark.contains)
    }

    /// The columns of `caption`'s letters on a one-card board, the card lifted so it is upright.
    static func captionColumns(_ caption: String, in scratch: Scratch) throws -> [Bool] {
        let photo = try BoardFixture.solidPhoto(scratch, "white.png", color: [255, 255, 255])
        let output = scratch.path("board-\(UUID().uuidString).png")
        let result = try CommandRunner.run([
            "board", photo, "--captions", caption, "--size", "400x400", "--scale", "2", "--background", "white",
            "--dragging", "\(photo):0,0", "-o", output,
        ])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        return try darkColumns(try VImage.load(output))
    }

    /// The caption and its first word, with and without the initial meem, are drawn on
    /// the board as wide as Pango draws them, with ink in the same columns (the meem was cut
    /// and a bar drawn in its stead on the left).
    @Test(arguments: ["مرحبا بالعالم", "مرحبا", "رحبا"])
    func anArabicCaptionIsDrawnAsPangoDrawsIt(caption: String) throws {
        let scratch = try Scratch()
        let (board, pango) = (try Self.captionColumns(caption, in: scratch), try Self.pangoColumns(caption))
        #expect(abs(board.count - pango.count) <= 2, "\(caption): \(board.count) px on the board, Pango \(pango.count)")
        let shared = zip(board, pango).filter { $0 == $1 }.count
        #expect(Double(shared) >= 0.9 * Double(pango.count), "\(caption): \(shared) of \(pango.count) columns alike")
    }

    /// A caption with a character no installed font has is warned of once, though two cards
    /// carry it, naming the caption and the character; the board is still written.
    @Test func aCaptionWithACharacterNoFontHasIsWarnedOfOnce() throws {
        let scratch = try Scratch()
        let photo = try BoardFixture.solidPhoto(scratch, "grey.png", color: [128, 128, 128])
        let odd = "Lab \u{10FFFD} notes"
        let output = scratch.path("board.png")
        let result = try CommandRunner.run([
            "board", photo, photo, photo, "--captions", "\(odd),\(odd),مرحبا", "--size", "500x300", "-o", output,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: caption") }
        #expect(
            warnings == ["warning: caption '\(odd)': no installed font has U+10FFFD (\u{10FFFD}); it is drawn as a box"]
        )
        #expect(FileManager.default.fileExists(atPath: output))
    }

    /// A batch board job's answer carries the same warning.
    @Test func aBatchBoardAnswerCarriesTheWarning() throws {
        let scratch = try Scratch()
        _ = try BoardFixture.solidPhoto(scratch, "grey.png", color: [128, 128, 128])
        let client = try BatchClient([], in: scratch)
        try client.send([
            "id": "b", "command": "board", "board": [300, 240],
            "photos": [["id": "x", "path": "grey.png", "caption": "a\u{10FFFD}"]], "output": "b.png",
        ])
        let answer = try client.answer()
        #expect(answer["status"] as? String == "done", "\(answer)")
        let warnings = answer["warnings"] as? [String] ?? []
        #expect(warnings.count == 1 && warnings.first?.contains("U+10FFFD") == true, "\(answer)")
        #expect(try client.finish().status == 0)
    }
}
