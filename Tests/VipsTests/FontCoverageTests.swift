import Foundation
import Testing
import Vips

/// The characters installed fonts have, as fontconfig lists them: every font's for the boxes
/// Pango would draw, a face's own for the emoji it lacks.
@Suite struct FontCoverageTests {
    /// Whether the colour emoji font (Debian `fonts-noto-color-emoji`, `make deps`) is installed.
    static var emojiFontInstalled: Bool {
        FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")
    }

    /// Characters drawn as nothing are never missing, whatever the fonts; plain Latin never is.
    @Test func invisibleCharactersAreNeverMissing() {
        let invisible = "a\u{200D}b\u{200E}\u{FE0F} \t\u{3000}\u{E0067}\u{AD}"
        #expect(FontCoverage.installed.missing(in: invisible).isEmpty)
    }

    /// A character of a supplementary private-use plane is in no font, and is named once.
    @Test func aPrivateUseCharacterIsMissingOnce() {
        let missing = FontCoverage.installed.missing(in: "x\u{10FFFD}y\u{10FFFD}")
        #expect(missing == ["\u{10FFFD}"])
    }

    /// A face's families have their own letters and symbols, not the emoji font's pictures,
    /// which the installed fonts have.
    @Test func aFaceHasItsSymbolsButNotTheEmojiFontsPictures() throws {
        let dejaVu = FontCoverage.of(families: "Inter,DejaVu Sans")
        #expect(dejaVu.has("©") && dejaVu.has("☀") && dejaVu.has("A"))
        #expect(!dejaVu.has("\u{1F3D6}"))
        #expect(FontCoverage.of(families: "Inter, DejaVu Sans").has("\u{2600}"))
        try #require(Self.emojiFontInstalled, "fonts-noto-color-emoji is installed by make deps")
        #expect(FontCoverage.installed.has("\u{1F3D6}"))
    }
}
