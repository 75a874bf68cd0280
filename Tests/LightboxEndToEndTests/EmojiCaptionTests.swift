import Foundation
import Testing
import Vips

/// Emoji in a board's captions and a contact sheet's labels come out in colour in the files
/// written, as on the phone, where they used to be a box with the code point in it.
@Suite(.processes) struct EmojiCaptionTests {
    /// How many pixels of `image`'s RGB have bands at least 80 apart (none on a grey card over white).
    static func colouredPixels(_ image: VImage) throws -> Int {
        let bytes = try image.band(0, count: 3).ucharBytes()
        return stride(from: 0, to: bytes.count, by: 3).filter { index in
            let pixel = bytes[index..<index + 3]
            return Int(pixel.max()!) - Int(pixel.min()!) >= 80
        }.count
    }

    /// One grey card over white, captioned `caption`: only an emoji can bring colour.
    @Test(arguments: [("Brighton 🏖 beach", true), ("Brighton beach", false)])
    func aBoardCaptionsEmojiIsInColour(caption: String, coloured: Bool) throws {
        let scratch = try Scratch()
        let photo = try BoardFixture.solidPhoto(scratch, "grey.png", color: [128, 128, 128])
        let output = scratch.path("board.png")
        let result = try CommandRunner.run([
            "board", photo, "--captions", caption, "--size", "200x220", "--scale", "2", "--background", "white",
            "-o", output,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let count = try Self.colouredPixels(try VImage.load(output))
        #expect(coloured ? count > 100 : count == 0, "\(count) coloured pixels")
    }

    /// A contact sheet's label names the file as it is, emoji in colour.
    @Test func aContactSheetLabelsEmojiIsInColour() throws {
        let scratch = try Scratch()
        let photo = try BoardFixture.solidPhoto(scratch, "🏖 beach.png", color: [128, 128, 128], side: 200)
        let sheet = scratch.path("sheet.png")
        let result = try CommandRunner.run([
            "crop", photo, "--rect", "0.2,0.2,0.5,0.5", "-o", scratch.path("c.png"), "--contact-sheet", sheet,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try VImage.load(sheet)
        let strip = try image.crop(left: 8, top: image.height - 8 - 16, width: 192, height: 16)
        #expect(try Self.colouredPixels(strip) > 20)
        #expect(try Self.colouredPixels(image.crop(left: 8, top: 8, width: 192, height: 176)) == 0)
    }
}
