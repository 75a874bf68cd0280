import LightboxRender

/// `--dragging ID:DX,DY`: the id is everything before the last colon (ids are often paths).
extension BoardDrag: ArgumentValue {
    /// The largest translation on either axis, in points.
    static let maximumTranslation = 100_000.0

    /// Reads `ID:DX,DY`, the translation within `maximumTranslation`.
    init?(argument: String) {
        guard let colon = argument.lastIndex(of: ":"), colon != argument.startIndex,
            let pair = Pair(argument: String(argument[argument.index(after: colon)...])),
            abs(pair.first) <= BoardDrag.maximumTranslation, abs(pair.second) <= BoardDrag.maximumTranslation
        else { return nil }
        self.init(id: String(argument[..<colon]), translation: pair.size)
    }

    /// The form.
    static var expected: String {
        "expected ID:DX,DY with the translation in points, such as Oslo:40,-20"
    }
}
