import LightboxArguments
import LightboxRender

/// A colour in the one grammar of every command (`BoardColor.parse`): a CSS name, `#rgb`, `#rrggbb`,
/// `#rrggbbaa`, `r,g,b` or `rgb(r,g,b)` with components from 0 to 255.
extension BoardColor: ArgumentValue {
    /// Reads a colour.
    package init?(argument: String) {
        guard let colour = BoardColor.parse(argument) else { return nil }
        self = colour
    }

    /// The forms.
    package static var expected: String { ColourGrammar.expected }
}

/// A board's background: a colour, `TOP:BOTTOM` for a gradient, or an image path.
extension BoardBackground: ArgumentValue {
    /// Reads a background SPEC.
    package init?(argument: String) {
        guard let background = BoardBackground.parse(argument) else { return nil }
        self = background
    }

    /// The forms.
    package static var expected: String { "\(ColourGrammar.expected), TOP:BOTTOM or an image path" }
}

/// `--dragging ID:DX,DY`: the id is everything before the last colon (ids are often paths).
extension BoardDrag: ArgumentValue {
    /// The largest translation on either axis, in points.
    package static let maximumTranslation = 100_000.0

    /// Reads `ID:DX,DY`, the translation within `maximumTranslation`.
    package init?(argument: String) {
        guard let colon = argument.lastIndex(of: ":"), colon != argument.startIndex,
            let pair = Pair(argument: String(argument[argument.index(after: colon)...])),
            abs(pair.first) <= BoardDrag.maximumTranslation, abs(pair.second) <= BoardDrag.maximumTranslation
        else { return nil }
        self.init(id: String(argument[..<colon]), translation: pair.size)
    }

    /// The form.
    package static var expected: String { "expected ID:DX,DY with the translation in points, such as Oslo:40,-20" }
}

/// `--format EXT` of `-o -`: the formats standard output can take.
extension OutputFormat: ArgumentValue {
    /// The extensions `--format` names.
    package static let streamExtensions = ["jpg", "png", "webp", "tif", "gif", "avif", "heic"]

    /// The format named by one of `streamExtensions`.
    package init?(argument: String) {
        guard OutputFormat.streamExtensions.contains(argument), let format = OutputFormat(extension: argument) else {
            return nil
        }
        self = format
    }

    /// Every extension.
    package static var choices: [String] { streamExtensions }

    /// The extensions.
    package static var expected: String { "use one of \(streamExtensions.joined(separator: ", "))" }
}

/// `--oriented bounds|upright`.
extension CropCut.Oriented: ChoiceArgument {}

/// `--fit cover|contain|fill`.
extension CropResize.Fit: ChoiceArgument {}

/// `--animate zoom|dismiss`.
extension ViewAnimation: ChoiceArgument {}
