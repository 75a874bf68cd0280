import Testing

@testable import LightboxArguments

/// The one "did you mean" rule, for options, commands, devices, columns and keys alike.
@Suite struct NearestNameTests {
    @Test(
        arguments: [
            ("widht", ["input", "x", "y", "width", "height"], "width"),
            ("idd", ["path", "id", "caption"], "id"),
            ("forse", ["force", "format", "fail-on"], "force"),
            ("iphone17", ["iphone-16", "iphone-17"], "iphone-17"),
            ("xx", ["x", "y", "width", "height"], nil),
            ("x", ["id"], nil),
            ("quality", ["input", "rect"], nil),
            ("fromat", ["format", "force"], "format"),
        ] as [(String, [String], String?)])
    func theNearestNameWithinTwoEdits(word: String, known: [String], nearest: String?) {
        #expect(NearestName.to(word, among: known) == nearest)
    }
}
