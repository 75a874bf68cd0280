import LightboxRender
import Testing

/// The one colour grammar of `view --under`, `board --background` and layout files.
@Suite struct ColourGrammarTests {
    /// (text, red, green, blue from 0 to 255, alpha from 0 to 1).
    static let forms: [(String, [Double])] = [
        ("white", [255.0, 255, 255, 1]), ("SteelBlue", [70, 130, 180, 1]), ("rebeccapurple", [102, 51, 153, 1]),
        ("#f80", [255, 136, 0, 1]), ("#336699", [51, 102, 153, 1]), ("#33669980", [51, 102, 153, 128.0 / 255]),
        ("#f808", [255, 136, 0, 136.0 / 255]), ("51,102,153", [51, 102, 153, 1]), (" 0, 0 ,255 ", [0, 0, 255, 1]),
        ("rgb(51,102,153)", [51, 102, 153, 1]), ("rgb( 51 , 102 , 153 )", [51, 102, 153, 1]),
        ("rgba(51,102,153,0.5)", [51, 102, 153, 0.5]), ("127.5,0,0", [127.5, 0, 0, 1]),
    ]

    @Test(arguments: forms)
    func readsEveryForm(text: String, expected: [Double]) throws {
        let colour = try #require(BoardColor.parse(text))
        let values = [colour.red * 255, colour.green * 255, colour.blue * 255, colour.alpha]
        for (value, want) in zip(values, expected) { #expect(abs(value - want) < 1e-9, "\(text)") }
    }

    @Test(arguments: [
        "", "#12", "#12345", "#gggggg", "256,0,0", "-1,0,0", "1,2", "rgb(1,2)", "rgba(1,2,3,2)", "nan,0,0",
        "notacolour", "rgb(1,2,3",
    ])
    func refusesEverythingElse(text: String) {
        #expect(BoardColor.parse(text) == nil)
    }

    @Test(arguments: ["#336699", "#33669980", "rgb(183.6,140.25,96.9)", "white", "rgba(1.5,2,3,0.25)"])
    func theWrittenSpecReadsBackTheSame(text: String) throws {
        let colour = try #require(BoardColor.parse(text))
        #expect(BoardColor.parse(colour.spec) == colour)
    }

    @Test func translucentColoursAreCompositedOverTheBackdrop() throws {
        let colour = try #require(BoardColor.parse("rgba(255,0,0,0.5)"))
        #expect(colour.bytes(over: 0) == [127.5, 0, 0])
        #expect(colour.bytes == [255, 127.5, 127.5])
    }
}
