import Foundation
import LightboxRender
import Testing
import Vips

/// A caption is drawn as Pango shapes and orders it on its own: Arabic letters joined and none
/// lost, right-to-left and mixed lines in order, marks on their letters, emoji sequences whole.
/// Each is held against Pango's own drawing of the same text in the same font (`PangoInk`),
/// never against a stored picture.
@Suite struct CaptionShapingTests {
    /// The caption's size at scale 2: 12 points.
    static let pixels = 24.0

    /// The caption of `text` at scale 2, wide enough never to be cut.
    static func caption(_ text: String) throws -> VImage {
        try #require(try CardCaption.image(text, width: 10_000, scale: 2))
    }

    /// Pango's own drawing of `text` at the caption's size.
    static func pango(_ text: String) throws -> VImage {
        try PangoInk.drawn(text, font: PangoInk.captionFont(pixels: pixels))
    }

    /// The caption of `text` has Pango's width and ink in every column: its letters at 75%
    /// opacity, so an alpha of 96 in the caption is 128 in Pango's drawing.
    static func expectDrawnAsPango(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (drawn, own) = (try caption(text), try pango(text))
        #expect(
            drawn.width == own.width, "\(text): \(drawn.width) px, Pango \(own.width)", sourceLocation: sourceLocation)
        let agreement = PangoInk.agreement(
            try PangoInk.columns(drawn, alpha: 96), try PangoInk.columns(own, alpha: 128))
        #expect(agreement >= 0.98, "\(text): ink in \(agreement) of the columns", sourceLocation: sourceLocation)
    }

    /// Arabic, right to left and joined: the whole of "hello world", "hello" with its initial
    /// meem, and "hello" without it, each as Pango draws it (the meem was cut, a bar drawn).
    @Test(arguments: ["مرحبا بالعالم", "مرحبا", "رحبا"])
    func arabicIsDrawnAsPangoDrawsIt(text: String) throws {
        try Self.expectDrawnAsPango(text)
    }

    /// "مرحبا" is wider than "رحبا" by as much as in Pango's drawing (they came out the same).
    @Test func arabicWidthsDifferAsPangos() throws {
        let ours = Double(try Self.caption("مرحبا").width) / Double(try Self.caption("رحبا").width)
        let pangos = Double(try Self.pango("مرحبا").width) / Double(try Self.pango("رحبا").width)
        #expect(ours > 1.2 && abs(ours - pangos) < 0.01, "\(ours) against Pango's \(pangos)")
    }

    /// The first letter of a right-to-left caption is at its right end, and no bar is drawn at
    /// its left: no column is inked from the top of the line to its bottom.
    @Test func theInitialMeemIsAtTheRightEndAndNoBarAtTheLeft() throws {
        let drawn = try Self.caption("مرحبا")
        let meem = try Self.pango("م")
        let own = try Self.pango("مرحبا")
        let right = Array(try PangoInk.columns(drawn, alpha: 96).suffix(meem.width))
        #expect(PangoInk.agreement(right, Array(try PangoInk.columns(own, alpha: 128).suffix(meem.width))) >= 0.9)
        #expect(right.filter { $0 }.count >= meem.width / 2, "ink at the right end: \(right)")
        let tallest = try PangoInk.columnHeights(drawn, alpha: 96).max() ?? 0
        #expect(tallest < drawn.height, "a column \(tallest) of \(drawn.height) rows high")
    }

    /// Hebrew and Latin in one line, either first, and numbers: in the order Pango gives them.
    @Test(arguments: ["שלום world", "Tel Aviv תל אביב", "מחיר 2024 ש״ח", "(שלום) hello"])
    func mixedDirectionsAreInPangosOrder(text: String) throws {
        try Self.expectDrawnAsPango(text)
    }

    /// Letters with combining marks (decomposed Latin, Vietnamese stacked marks, Arabic harakat)
    /// have their marks placed by Pango on their letters.
    @Test(arguments: ["Cre\u{300}me bru\u{302}le\u{301}e", "Tie\u{302}\u{301}ng Vie\u{323}\u{302}t", "مَرْحَبًا"])
    func combiningMarksSitOnTheirLetters(text: String) throws {
        try Self.expectDrawnAsPango(text)
    }

    /// An emoji sequence joined by zero-width joiners is one glyph, as wide as Pango draws it.
    @Test(arguments: ["👩‍👩‍👧 family", "🏳️‍🌈 pride", "עם 👨‍💻 קוד"])
    func emojiSequencesAreOneGlyph(text: String) throws {
        try #require(
            FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"),
            "fonts-noto-color-emoji is installed by make deps")
        try Self.expectDrawnAsPango(text)
    }
}
