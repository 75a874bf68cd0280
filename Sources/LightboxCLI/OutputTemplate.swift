import Foundation

/// An output path with placeholders: `{stem}` and `{ext}` of the input, `{n}` the rect's number from 1.
public struct OutputTemplate: Sendable, Equatable {
    /// The template text.
    public let text: String

    /// Makes a template.
    public init(_ text: String) {
        self.text = text
    }

    /// Whether the template names outputs apart by rect (`{n}`).
    public var numbersRects: Bool { text.contains("{n}") }

    /// Whether the template names outputs apart by input (`{stem}`).
    public var namesInputs: Bool { text.contains("{stem}") }

    /// The path for rect number `number` (from 1) of `input`.
    public func path(input: String, number: Int) -> String {
        let url = URL(fileURLWithPath: input)
        return text
            .replacingOccurrences(of: "{stem}", with: url.deletingPathExtension().lastPathComponent)
            .replacingOccurrences(of: "{ext}", with: url.pathExtension)
            .replacingOccurrences(of: "{n}", with: String(number))
    }
}
