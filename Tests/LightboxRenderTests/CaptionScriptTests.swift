import Foundation
import LightboxRender
import Testing
import Vips

/// A caption or label cut with an ellipsis keeps its direction.
@Suite struct CaptionScriptTests {
    /// The contact sheet label's font (11 pixels), its ink opaque.
    static let labelFont = PangoInk.captionFont(pixels: 11)

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
}
