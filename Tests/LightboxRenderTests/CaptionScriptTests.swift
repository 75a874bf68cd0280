import Foundation
import LightboxRender
import Testing
import Vips

/// A caption or label cut with an ellipsis keeps its direction, Korean is drawn in Noto Sans CJK
/// once it is installed, and a character no font has is named in one warning per caption.
@Suite struct CaptionScriptTests {
    /// The contact sheet label's font (11 pixels), its ink opaque.
    static let labelFont = PangoInk.captionFont(pixels: 11)

    /// Whether Noto Sans CJK (Debian `fonts-noto-cjk`) is installed, which `make deps` sees to.
    static var cjkInstalled: Bool {
        FileManager.default.fileExists(atPath: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
    }

    /// Whether fontconfig lists no font with `scalar`, asked of `fc-list` rather than of Lightbox.
    static func noFontHas(_ scalar: Unicode.Scalar) throws -> Bool {
        let list = Process()
        list.executableURL = URL(fileURLWithPath: "/usr/bin/fc-list")
        list.arguments = [":charset=\(String(scalar.value, radix: 16))", "family"]
        let output = Pipe()
        list.standardOutput = output
        try list.run()
        let listed = output.fileHandleForReading.readDataToEndOfFile()
        list.waitUntilExit()
        return list.terminationStatus == 0 && listed.isEmpty
    }

    /// A right-to-left label too long for its cell is cut at its logical end, the ellipsis on the
    /// left, where Pango puts it after the text's start: the label is Pango's own drawing.
    @Test func aRightToLeftLabelIsCutWithTheEllipsisOnTheLeft() throws {
        let text = "مرحبا بالعالم من القاهرة.jpg"
        let (cut, image) = try #require(try ContactSheetLabel.fitted(text, width: 70))
        #expect(cut.hasSuffix("…") && text.hasPrefix(String(cut.dropLast())) && cut.count > 3, "\(cut)")
        let own = try PangoInk.drawn(cut, font: Self.labelFont)
        #expect(image.width == own.width && image.width <= 70)
        let columns = try PangoInk.columns(image, alpha: 128)
        #expect(PangoInk.agreement(columns, try PangoInk.columns(own, alpha: 128)) >= 0.98)
        let ellipsis = try PangoInk.columns(try PangoInk.drawn("…", font: Self.labelFont), alpha: 128)
        #expect(PangoInk.agreement(Array(columns.prefix(ellipsis.count)), ellipsis) >= 0.9)
    }

    /// A start without a letter ("2024") keeps the whole label's right-to-left direction, so its
    /// ellipsis is on the left too, where by itself Pango would make it a left-to-right line.
    @Test func aStartWithoutLettersKeepsTheWholeTextsDirection() throws {
        let text = "2024 مرحبا بالعالم"
        let rightToLeft = try PangoInk.drawn("\u{200F}2024…", font: Self.labelFont)
        let (cut, image) = try #require(try ContactSheetLabel.fitted(text, width: rightToLeft.width))
        #expect(cut == "2024…")
        let columns = try PangoInk.columns(image, alpha: 128)
        #expect(PangoInk.agreement(columns, try PangoInk.columns(rightToLeft, alpha: 128)) >= 0.98)
        let leftToRight = try PangoInk.drawn("2024…", font: Self.labelFont)
        #expect(PangoInk.agreement(columns, try PangoInk.columns(leftToRight, alpha: 128)) < 0.9)
    }

    /// Korean is drawn in Noto Sans CJK through fontconfig's fallback, as Pango draws it in that
    /// font by name, not as boxes holding code points (which are wider).
    @Test func koreanIsDrawnInNotoSansCJK() throws {
        try #require(Self.cjkInstalled, "fonts-noto-cjk is installed by make deps")
        let text = "서울 한강"
        #expect(FontCoverage.installed.missing(in: text).isEmpty)
        let drawn = try #require(try CardCaption.image(text, width: 10_000, scale: 2))
        let noto = try PangoInk.drawn(text, font: "Noto Sans CJK KR Medium 24")
        #expect(drawn.width == noto.width)
        let agreement = PangoInk.agreement(
            try PangoInk.columns(drawn, alpha: 96), try PangoInk.columns(noto, alpha: 128))
        #expect(agreement >= 0.98, "ink in \(agreement) of the columns")
        let boxes = try PangoInk.drawn(
            "\u{10FFFD}\u{10FFFD} \u{10FFFD}\u{10FFFD}", font: PangoInk.captionFont(pixels: 24))
        #expect(boxes.width != noto.width)
    }

    /// Only the caption with a character no font has is warned of, once though two cards
    /// carry it, naming the caption and the character; Korean, Arabic, emoji and marks are not.
    @Test func aCharacterNoFontHasIsWarnedOfOncePerCaption() throws {
        try #require(try Self.noFontHas("\u{10FFFD}"), "no font has U+10FFFD, a private-use character")
        try #require(Self.cjkInstalled, "fonts-noto-cjk is installed by make deps")
        let odd = "Lab \u{10FFFD} notes"
        let captions = ["서울", "مرحبا", odd, "👩‍👩‍👧", odd, "Cre\u{300}me", "a\u{200D}b\u{FE0F}"]
        let warnings = CaptionFonts.warnings(captions)
        #expect(warnings == ["caption '\(odd)': no installed font has U+10FFFD (\u{10FFFD}); it is drawn as a box"])
        #expect(FontCoverage.installed.missing(in: odd + "\u{10FFFD}") == ["\u{10FFFD}"])
    }

    /// Many missing characters are named up to ten, then counted.
    @Test func manyMissingCharactersAreNamedUpToTen() throws {
        let missing = (0..<12).map { Unicode.Scalar(0x10FFF0 + UInt32($0))! }
        let warning = CaptionFonts.warning("odd", missing: missing)
        #expect(warning.hasSuffix("U+10FFF9 (\u{10FFF9}) and 2 more; they are drawn as boxes"), "\(warning)")
        #expect(!warning.contains("U+10FFFA"))
    }
}
