import LightboxRender

/// A colour in the one grammar of every command (`BoardColor.parse`): a CSS name, `#rgb`, `#rrggbb`,
/// `#rrggbbaa`, `r,g,b` or `rgb(r,g,b)` with components from 0 to 255.
extension BoardColor: ArgumentValue {
    /// Reads a colour.
    init?(argument: String) {
        guard let colour = BoardColor.parse(argument) else { return nil }
        self = colour
    }

    /// The forms.
    static var expected: String { ColourGrammar.expected }
}

/// A board's background: a colour, `TOP:BOTTOM` for a gradient, or an image path.
extension BoardBackground: ArgumentValue {
    /// Reads a background SPEC.
    init?(argument: String) {
        guard let background = BoardBackground.parse(argument) else { return nil }
        self = background
    }

    /// The forms.
    static var expected: String { "\(ColourGrammar.expected), TOP:BOTTOM or an image path" }
}
