import Foundation
import LightboxRender
import Testing
import Vips

/// Emoji in captions, contact-sheet labels and the header are drawn in colour, as iOS draws them,
/// from Noto Color Emoji (Debian `fonts-noto-color-emoji`, which `make deps` installs), never as a
/// box with the code point in it; the letters keep their face and ink.
@Suite struct EmojiTextTests {
    /// Whether the colour emoji font is installed.
    static var emojiFontInstalled: Bool {
        FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")
    }

    /// The columns of `image` (sRGB with alpha) holding a coloured pixel: mostly opaque, its
    /// bands at least 80 apart (grey, black and white letters have none).
    static func colouredColumns(_ image: VImage) throws -> [Int] {
        let bytes = try image.ucharBytes()
        let bands = image.bands
        var columns = Set<Int>()
        for index in stride(from: 0, to: bytes.count, by: bands) where bytes[index + bands - 1] > 128 {
            let colour = bytes[index..<index + 3]
            if Int(colour.max()!) - Int(colour.min()!) >= 80 { columns.insert(index / bands % image.width) }
        }
        return columns.sorted()
    }

    /// A caption with an emoji has coloured pixels, and only between the words around it; the
    /// same caption without it has none.
    @Test func aCaptionsEmojiIsInColourBetweenItsWords() throws {
        try #require(Self.emojiFontInstalled, "fonts-noto-color-emoji is installed by make deps")
        let caption = try #require(try CardCaption.image("Brighton 🏖 beach", width: 1000, scale: 3))
        #expect(caption.bands == 4)
        let before = try #require(try CardCaption.image("Brighton", width: 1000, scale: 3))
        let after = try #require(try CardCaption.image("beach", width: 1000, scale: 3))
        let coloured = try Self.colouredColumns(caption)
        #expect(coloured.count > 20, "\(coloured.count) coloured columns")
        #expect(
            coloured.allSatisfy { $0 > before.width && $0 < caption.width - after.width },
            "the colour lies in \(coloured.first ?? -1)...\(coloured.last ?? -1) of \(caption.width)")
        let plain = try #require(try CardCaption.image("Brighton beach", width: 1000, scale: 3))
        #expect(try Self.colouredColumns(plain).isEmpty)
    }

    /// Several kinds of emoji (a face, a sequence joined by zero-width joiners, a flag, a skin
    /// tone, one made an emoji by its variation selector) are each one coloured glyph.
    @Test(arguments: ["😀", "🏳️‍🌈", "🇬🇧", "👍🏽", "❤️"])
    func emojiOfEveryKindAreColoured(emoji: String) throws {
        try #require(Self.emojiFontInstalled, "fonts-noto-color-emoji is installed by make deps")
        let (text, image) = try #require(try ContactSheetLabel.fitted("#1 \(emoji) a.jpg", width: 500))
        #expect(text == "#1 \(emoji) a.jpg")
        #expect(try Self.colouredColumns(image).count >= 6, "\(emoji)")
    }

    /// An emoji Unicode shows as text by default, which the caption's faces lack, is in colour as
    /// on iOS, though Noto Sans Symbols2 (`fonts-noto-core`) has it in black; the symbols the faces
    /// have (©, ™, ☀ in DejaVu Sans) stay letters in the caption's ink.
    @Test func anEmojiTheFaceLacksIsInColourOneItHasIsNot() throws {
        try #require(Self.emojiFontInstalled, "fonts-noto-color-emoji is installed by make deps")
        let beach = try #require(try CardCaption.image("Brighton \u{1F3D6} beach", width: 1000, scale: 3))
        #expect(try Self.colouredColumns(beach).count > 20)
        let symbols = try #require(try CardCaption.image("© 2024 ™ ☀", width: 1000, scale: 3))
        #expect(try Self.colouredColumns(symbols).isEmpty)
    }

    /// The emoji font holds digits, `#` and `*` (for keycap sequences); they still come from the
    /// label's face, in its grey, as a caption's come from the caption's, in black.
    @Test func digitsStayInTheirFace() throws {
        let label = try #require(try ContactSheetLabel.fitted("#12 0123 4567.jpg", width: 500))
        #expect(try Self.colouredColumns(label.image).isEmpty)
        let caption = try #require(try CardCaption.image("#5 *2024* 0123", width: 1000, scale: 2))
        #expect(try Self.colouredColumns(caption).isEmpty)
    }
}
