/// The words every command uses to say which colour forms it reads (`BoardColor.parse`).
package enum ColourGrammar {
    /// The forms, for usage errors.
    package static let expected =
        "expected a CSS name (white, steelblue), #rgb, #rrggbb, #rrggbbaa, r,g,b or rgb(r,g,b) with 0-255"
}
